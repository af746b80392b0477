import { SimpleGrid, TextInput } from '@mantine/core';
import { type NameField, nameFieldOrder } from '@portico/contracts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';

const FIELDS = {
  firstName: { label: 'details_first_name', autoComplete: 'given-name' },
  lastName: { label: 'details_last_name', autoComplete: 'family-name' },
} as const;

export interface NameFieldsProps {
  values: Record<NameField, string>;
  onChange: (patch: Partial<Record<NameField, string>>) => void;
  /** Translated message per field. */
  errors: Partial<Record<string, string>>;
  /** Put on whichever field comes first in this language. */
  firstFieldRef?: RefObject<HTMLInputElement | null>;
  maxLength?: number;
}

/**
 * First and last name side by side, in the order the page's language writes names
 * (contracts/src/names.ts): last name first in Vietnamese, first name first in English.
 */
export function NameFields({ values, onChange, errors, firstFieldRef, maxLength }: NameFieldsProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      {nameFieldOrder(locale).map((field, index) => (
        <TextInput
          key={field}
          ref={index === 0 ? firstFieldRef : undefined}
          name={field}
          label={t(FIELDS[field].label)}
          autoComplete={FIELDS[field].autoComplete}
          size="md"
          value={values[field]}
          onChange={(e) => onChange({ [field]: e.currentTarget.value })}
          error={errors[field]}
          maxLength={maxLength}
        />
      ))}
    </SimpleGrid>
  );
}
