import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, lastAction } from './format';

// Local times, so the expectations hold in any time zone.
const jan5 = new Date(2024, 0, 5, 9, 7);

describe('device and log dates (spec account §9)', () => {
  it('writes DD/MM/YYYY in Vietnamese and MM/DD/YYYY in English', () => {
    expect(formatDay(jan5, 'vi-VN')).toBe('05/01/2024');
    expect(formatDay(jan5, 'en-US')).toBe('01/05/2024');
  });

  it('puts HH:mm in front of the full form', () => {
    expect(formatDateTime(jan5, 'vi-VN')).toBe('09:07 05/01/2024');
    expect(formatDateTime(jan5, 'en-US')).toBe('09:07 01/05/2024');
    expect(formatDateTime(new Date(2023, 11, 31, 23, 59).toISOString(), 'vi-VN')).toBe('23:59 31/12/2023');
  });

  it('gives nothing for a missing or unreadable date', () => {
    expect(formatDateTime(null, 'vi-VN')).toBe('');
    expect(formatDateTime('not a date', 'en-US')).toBe('');
  });
});

describe('device last action (spec account §9)', () => {
  const at = jan5.toISOString();

  it('shows minutes, at least 1, up to 60', () => {
    expect(lastAction({ minutes: 1, lastActionTime: at }, 'vi-VN')).toEqual({ kind: 'minutes', count: 1 });
    expect(lastAction({ minutes: 0.4, lastActionTime: at }, 'vi-VN')).toEqual({ kind: 'minutes', count: 1 });
    expect(lastAction({ minutes: 37, lastActionTime: at }, 'vi-VN')).toEqual({ kind: 'minutes', count: 37 });
    expect(lastAction({ minutes: 60, lastActionTime: at }, 'en-US')).toEqual({ kind: 'minutes', count: 60 });
  });

  it('shows the full date beyond 60 minutes, in the reader’s format', () => {
    expect(lastAction({ minutes: 61, lastActionTime: at }, 'vi-VN')).toEqual({
      kind: 'date',
      text: '09:07 05/01/2024',
    });
    expect(lastAction({ minutes: 5000, lastActionTime: at }, 'en-US')).toEqual({
      kind: 'date',
      text: '09:07 01/05/2024',
    });
  });

  it('shows 0, a missing value or an unreadable date as unknown', () => {
    expect(lastAction({ minutes: 0, lastActionTime: at }, 'vi-VN')).toEqual({ kind: 'unknown' });
    expect(lastAction({ minutes: Number.NaN, lastActionTime: at }, 'vi-VN')).toEqual({ kind: 'unknown' });
    expect(lastAction({ minutes: 90, lastActionTime: '' }, 'vi-VN')).toEqual({ kind: 'unknown' });
  });
});
