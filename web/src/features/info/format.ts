import type { Locale } from '@portico/contracts';

/**
 * A birth date ('YYYY-MM-DD', no time zone) as the read view shows it: DD/MM/YYYY in Vietnamese,
 * MM/DD/YYYY in English; '' when empty or not such a date.
 */
export const formatBirthdate = (value: string | null | undefined, locale: Locale): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec((value ?? '').trim());
  if (!m) return '';
  const [, y, mo, d] = m;
  return locale === 'en-US' ? `${mo}/${d}/${y}` : `${d}/${mo}/${y}`;
};

/** The message key naming a language (the read view, the edit form, the language page). */
export const LANGUAGE_LABEL: Readonly<Record<string, string | undefined>> = { 'vi-VN': 'lang_vi', 'en-US': 'lang_en' };
