import { Group, Radio, Stack } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DateSelect } from '../../components/DateSelect';
import { NameFields } from '../../components/NameFields';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { looseT } from '../../i18n/t';
import { useAppSettings } from '../../settings/useAppSettings';
import type { DetailsForm } from './logic';

export interface DetailsFieldsProps {
  values: DetailsForm;
  onChange: (patch: Partial<DetailsForm>) => void;
  /** Translated message per field. */
  errors: Record<string, string>;
  /** Show password + rePassword (register; update-info of an account without a password). */
  withPassword: boolean;
  firstFieldRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The details of register step 3 and of the update-info form (spec §2, §3): the two names in
 * the language's order, password with the meter, repeat password, date of birth (1 January five years ago by
 * default, years 1900 to the current year minus 5), gender from the app-settings list.
 */
export function DetailsFields({ values, onChange, errors, withPassword, firstFieldRef }: DetailsFieldsProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { settings } = useAppSettings();

  return (
    <Stack gap="md">
      <NameFields values={values} onChange={onChange} errors={errors} firstFieldRef={firstFieldRef} maxLength={100} />
      {withPassword && (
        <NewPasswordFields
          password={{
            name: 'password',
            value: values.password,
            onChange: (e) => onChange({ password: e.currentTarget.value }),
            error: errors.password,
          }}
          repeat={{
            name: 'rePassword',
            value: values.rePassword,
            onChange: (e) => onChange({ rePassword: e.currentTarget.value }),
            error: errors.rePassword,
          }}
          labels={{ password: t('details_password'), repeat: t('details_repassword') }}
        />
      )}
      <DateSelect
        label={t('details_birthdate')}
        value={values.birthdate}
        onChange={(birthdate) => onChange({ birthdate })}
        error={errors.birthdate}
      />
      <Radio.Group
        name="gender"
        size="md"
        label={t('details_gender')}
        value={values.gender}
        onChange={(gender) => onChange({ gender })}
        error={errors.gender}
      >
        <Group gap="lg" mt={8}>
          {settings.genders.map((g) => (
            <Radio key={g.id} value={String(g.id)} label={tr(g.key)} />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}
