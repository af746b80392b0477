import { Group, Input, NativeSelect } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/setup';
import {
  adjustDate,
  birthYearBounds,
  type DateParts,
  daysInMonth,
  formatDate,
  parseDate,
  yearRange,
} from './dateSelect';

export interface DateSelectProps {
  /** 'YYYY-MM-DD', or '' for no date yet: the selects then show Day / Month / Year until all three are picked. */
  value: string;
  onChange: (value: string) => void;
  label?: string;
  error?: string | null;
  /** The form field name of the hidden input carrying the value (default birthdate). */
  name?: string;
  /** Oldest year offered (default 1900). */
  minYear?: number;
  /** Newest year offered (default the current year minus 5). */
  maxYear?: number;
  disabled?: boolean;
}

const monthName = (month: number, locale: string): string => {
  const text = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
};

/**
 * Day / month / year selects (native, so phones show their own wheels). An empty value shows
 * empty selects, never a made-up date (issue 8, point 18); the date is reported once day, month
 * and year are all picked. Changing the month or
 * year lowers the day when the month is shorter. The year range is a prop: the sign-up forms use
 * 1900 to the current year minus 5; the account area may offer another range.
 */
export function DateSelect({
  value,
  onChange,
  label,
  error,
  name = 'birthdate',
  minYear,
  maxYear,
  disabled,
}: DateSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const bounds = birthYearBounds();
  const min = minYear ?? bounds.min;
  const max = maxYear ?? bounds.max;
  const given = parseDate(value);
  // Picks made while the value is empty; a full date replaces them.
  const [draft, setDraft] = useState<Partial<DateParts>>({});
  const parts: Partial<DateParts> = given ?? draft;
  const locale = currentLocale();

  const years = useMemo(() => yearRange(min, max), [min, max]);
  const months = useMemo(
    () => Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1, locale) })),
    [locale],
  );
  // Without a year yet, 29 February stays possible (2000 is a leap year).
  const days = Array.from({ length: daysInMonth(parts.year ?? 2000, parts.month ?? 1) }, (_, i) => String(i + 1));
  const placeholder = (key: 'date_day' | 'date_month' | 'date_year') =>
    given ? [] : [{ value: '', label: t(key), disabled: true }];

  const change = (patch: Partial<DateParts>) => {
    const next = { ...parts, ...patch };
    const { year, month, day } = next;
    if (year && month && day) {
      onChange(formatDate(adjustDate({ year, month, day }, min, max)));
      setDraft({});
    } else {
      setDraft(next);
    }
  };
  const errorId = `${id}-error`;
  const common = {
    // A narrower arrow leaves room for "Ngày" / "Tháng 12" on a 390 px phone (issue 8, point 22).
    rightSectionWidth: 26,
    disabled,
    size: 'md' as const,
    error: Boolean(error),
    'aria-describedby': error ? errorId : undefined,
  };

  return (
    <Input.Wrapper
      label={label}
      error={error}
      errorProps={{ id: errorId }}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      size="md"
    >
      <input type="hidden" name={name} value={value} />
      <Group gap="xs" wrap="nowrap" mt={4} role="group" aria-labelledby={label ? `${id}-label` : undefined}>
        <NativeSelect
          {...common}
          aria-label={t('date_day')}
          name={`${name}_day`}
          data={[...placeholder('date_day'), ...days]}
          value={parts.day ? String(parts.day) : ''}
          onChange={(e) => change({ day: Number(e.currentTarget.value) })}
          style={{ flex: '0 0 29%' }}
        />
        <NativeSelect
          {...common}
          aria-label={t('date_month')}
          name={`${name}_month`}
          data={[...placeholder('date_month'), ...months]}
          value={parts.month ? String(parts.month) : ''}
          onChange={(e) => change({ month: Number(e.currentTarget.value) })}
          style={{ flex: 1, minWidth: 0 }}
        />
        <NativeSelect
          {...common}
          aria-label={t('date_year')}
          name={`${name}_year`}
          data={[...placeholder('date_year'), ...years.map(String)]}
          value={parts.year ? String(parts.year) : ''}
          onChange={(e) => change({ year: Number(e.currentTarget.value) })}
          style={{ flex: '0 0 29%' }}
        />
      </Group>
    </Input.Wrapper>
  );
}
