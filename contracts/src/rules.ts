// Rules shared by server and web, with the spec's message keys as zod messages.

/** Vietnamese mobile numbers: 10 digits starting 03, 05, 07, 08 or 09. */
export const VN_PHONE_PATTERN = /^0(3|5|7|8|9)\d{8}$/;

/** Loose e-mail shape check (the server also normalises to lower case). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const OTP_LENGTH = 6;

export type LoginNameKind = 'email' | 'phone';

/** E-mail lower-cased; phone digits with +84 / 84 turned into a leading 0. */
export function normalizeLoginName(raw: string): { kind: LoginNameKind; value: string } {
  const trimmed = raw.trim();
  if (trimmed.includes('@')) return { kind: 'email', value: trimmed.toLowerCase() };
  let digits = trimmed.replace(/[\s.\-()]/g, '');
  if (digits.startsWith('+84')) digits = `0${digits.slice(3)}`;
  else if (/^84\d{9}$/.test(digits)) digits = `0${digits.slice(2)}`;
  return { kind: 'phone', value: digits };
}

/** The spec's rule: a numeric code string is sent as is, anything else as '0'. */
export const otpForSubmit = (raw: string): string => (/^\d+$/.test(raw.trim()) ? raw.trim() : '0');

/** Masks an e-mail or phone for display: an***@example.com, 091****678 (three stars, whatever the length). */
export function maskLoginName(value: string): string {
  if (value.includes('@')) {
    const [local = '', domain = ''] = value.split('@');
    return `${local.slice(0, 2)}***@${domain}`;
  }
  return value.length > 6 ? `${value.slice(0, 3)}****${value.slice(-3)}` : value;
}
