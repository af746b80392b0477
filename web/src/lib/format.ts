import { type Device, formatNumber, type Locale } from '@portico/contracts';

// Dates and times as the account pages show them (spec account §9): DD/MM/YYYY in Vietnamese,
// MM/DD/YYYY in English, with HH:mm in front in the full form. Times are the browser's local time.

const pad = (n: number) => String(n).padStart(2, '0');

const toDate = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The date part: 05/01/2024 (vi) or 01/05/2024 (en) for 5 January 2024; '' when not a date. */
export const formatDay = (value: string | Date | null | undefined, locale: Locale): string => {
  const date = toDate(value);
  if (!date) return '';
  const [d, m, y] = [pad(date.getDate()), pad(date.getMonth() + 1), String(date.getFullYear())];
  return locale === 'en-US' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
};

/** The full form: 'HH:mm DD/MM/YYYY' (vi) or 'HH:mm MM/DD/YYYY' (en); '' when not a date. */
export const formatDateTime = (value: string | Date | null | undefined, locale: Locale): string => {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())} ${formatDay(date, locale)}`;
};

/** Beyond this many minutes the last action is shown as a full date. */
export const MINUTES_SHOWN_UP_TO = 60;

export type LastAction = { kind: 'minutes'; count: number } | { kind: 'date'; text: string } | { kind: 'unknown' };

/**
 * The device's last action (spec account §9): minutes (at least 1) up to 60, then the full date
 * of lastActionTime; 0, a missing value or an unreadable date is unknown.
 */
export const lastAction = (device: Pick<Device, 'minutes' | 'lastActionTime'>, locale: Locale): LastAction => {
  const minutes = Number(device.minutes);
  if (!Number.isFinite(minutes) || minutes <= 0) return { kind: 'unknown' };
  if (minutes <= MINUTES_SHOWN_UP_TO) return { kind: 'minutes', count: Math.max(1, Math.round(minutes)) };
  const text = formatDateTime(device.lastActionTime, locale);
  return text ? { kind: 'date', text } : { kind: 'unknown' };
};

/** A whole number with comma thousands, in both languages (spec account §9: 1,250,000). */
export { formatNumber };

/** A change of points: `+1,250` or `−60` (a minus sign, not a hyphen). */
export const formatSignedNumber = (value: number): string =>
  `${value > 0 ? '+' : value < 0 ? '\u2212' : ''}${formatNumber(Math.abs(value))}`;

/**
 * A file's size: 850 byte, 12.4 kB, 3.1 MB. The units read alike in both languages, and the
 * decimal point goes with formatNumber's comma thousands (spec account §9) in both.
 */
export const formatBytes = (bytes: number): string => {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat('en-US', {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
};
