import { BIRTH_YEAR_MIN, birthYearMax } from '@portico/contracts';

// The rules of the day / month / year picker, free of React so they can be tested on their own.

export type DateParts = { year: number; month: number; day: number };

/** Days in a month (month 1-12); February follows leap years. */
export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The years offered, newest first: max down to min (an empty list when min > max). */
export const yearRange = (min: number, max: number): number[] => {
  const years: number[] = [];
  for (let y = max; y >= min; y -= 1) years.push(y);
  return years;
};

/** 'YYYY-MM-DD' as parts, or null when it is not one. */
export const parseDate = (value: string): DateParts | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
};

export const formatDate = ({ year, month, day }: DateParts): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * A picked change made valid: the year kept within [min, max] and the day lowered to the last
 * day of the month when the month (or a leap year) has fewer days (31 March -> February = 28/29).
 */
export const adjustDate = (parts: DateParts, min: number, max: number): DateParts => {
  const year = Math.min(Math.max(parts.year, min), max);
  const month = Math.min(Math.max(parts.month, 1), 12);
  const day = Math.min(Math.max(parts.day, 1), daysInMonth(year, month));
  return { year, month, day };
};

/** The birth-date bounds (spec §9): 1900 to the current year minus 5. */
export const birthYearBounds = (now: Date = new Date()): { min: number; max: number } => ({
  min: BIRTH_YEAR_MIN,
  max: birthYearMax(now),
});
