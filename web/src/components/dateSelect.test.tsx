import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/setup';
import { DateSelect } from './DateSelect';
import { adjustDate, birthYearBounds, daysInMonth, formatDate, parseDate, yearRange } from './dateSelect';

describe('date select rules', () => {
  it('knows the length of every month, leap years included', () => {
    expect(daysInMonth(2023, 1)).toBe(31);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28); // not a leap year
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });

  it('lowers the day to the end of a shorter month', () => {
    expect(adjustDate({ year: 2019, month: 2, day: 31 }, 1900, 2020)).toEqual({ year: 2019, month: 2, day: 28 });
    expect(adjustDate({ year: 2020, month: 2, day: 30 }, 1900, 2020)).toEqual({ year: 2020, month: 2, day: 29 });
    expect(adjustDate({ year: 2019, month: 4, day: 31 }, 1900, 2020)).toEqual({ year: 2019, month: 4, day: 30 });
    expect(adjustDate({ year: 2019, month: 5, day: 31 }, 1900, 2020)).toEqual({ year: 2019, month: 5, day: 31 });
  });

  it('keeps the year within the bounds', () => {
    expect(adjustDate({ year: 1800, month: 1, day: 1 }, 1900, 2020).year).toBe(1900);
    expect(adjustDate({ year: 2030, month: 1, day: 1 }, 1900, 2020).year).toBe(2020);
  });

  it('offers 1900 to the current year minus 5, newest first', () => {
    const bounds = birthYearBounds(new Date('2026-11-22T00:00:00Z'));
    expect(bounds).toEqual({ min: 1900, max: 2021 });
    const years = yearRange(bounds.min, bounds.max);
    expect(years[0]).toBe(2021);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(122);
    expect(yearRange(2000, 1999)).toEqual([]);
  });

  it('reads and writes YYYY-MM-DD', () => {
    expect(parseDate('2021-01-01')).toEqual({ year: 2021, month: 1, day: 1 });
    expect(parseDate('1/1/2021')).toBeNull();
    expect(formatDate({ year: 2021, month: 3, day: 9 })).toBe('2021-03-09');
  });
});

function Harness({ initial, minYear, maxYear }: { initial: string; minYear?: number; maxYear?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <DateSelect label="Ngày sinh" value={value} onChange={setValue} minYear={minYear} maxYear={maxYear} />
        <output data-testid="value">{value}</output>
      </MantineProvider>
    </I18nextProvider>
  );
}

describe('DateSelect', () => {
  afterEach(cleanup);

  it('adjusts the day when the month or the year changes', () => {
    render(<Harness initial="2019-03-31" />);
    fireEvent.change(screen.getByLabelText('Tháng'), { target: { value: '2' } });
    expect(screen.getByTestId('value').textContent).toBe('2019-02-28');
    expect(screen.getByLabelText('Ngày').querySelectorAll('option')).toHaveLength(28);
    fireEvent.change(screen.getByLabelText('Ngày'), { target: { value: '28' } });
    fireEvent.change(screen.getByLabelText('Năm'), { target: { value: '2016' } });
    expect(screen.getByTestId('value').textContent).toBe('2016-02-28');
    expect(screen.getByLabelText('Ngày').querySelectorAll('option')).toHaveLength(29);
  });

  it('offers the default birth years, or the range given', () => {
    const { unmount } = render(<Harness initial="2019-01-01" />);
    const max = new Date().getFullYear() - 5;
    const years = [...screen.getByLabelText('Năm').querySelectorAll('option')].map((o) => o.textContent);
    expect(years[0]).toBe(String(max));
    expect(years.at(-1)).toBe('1900');
    unmount();
    render(<Harness initial="2000-01-01" minYear={1925} maxYear={2025} />);
    const custom = [...screen.getByLabelText('Năm').querySelectorAll('option')].map((o) => o.textContent);
    expect(custom).toHaveLength(101);
    expect(custom[0]).toBe('2025');
  });

  it('carries the value in a hidden birthdate field', () => {
    const { container } = render(<Harness initial="2010-06-15" />);
    expect((container.querySelector('input[name="birthdate"]') as HTMLInputElement).value).toBe('2010-06-15');
  });
});
