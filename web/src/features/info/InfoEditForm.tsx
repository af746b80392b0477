import { Alert, Button, Group, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type GeneralProfile, infoBirthYearMax, MARITAL_STATUSES } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { DateSelect } from '../../components/DateSelect';
import { Icon } from '../../components/Icon';
import { NameFields } from '../../components/NameFields';
import { looseT } from '../../i18n/t';
import { useAppSettings } from '../settings/useAppSettings';
import { AvatarBlock } from './AvatarBlock';
import { LANGUAGE_LABEL, needsSearch } from './format';
import { useInfoForm } from './useInfoForm';

export interface InfoEditFormProps {
  profile: GeneralProfile;
  /** /info in the mobile app: no cancel, the host is told of a save. */
  embedded: boolean;
  onDone: () => void;
  onCancel: () => void;
}

/** The edit form: avatar, names, gender, birth date, identification, marital status, language, time zone, bio. */
export function InfoEditForm({ profile, embedded, onDone, onCancel }: InfoEditFormProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { settings } = useAppSettings();
  const { values, set, setBio, errors, alert, busy, submit, formRef, zones } = useInfoForm({
    profile,
    embedded,
    onDone,
  });

  const languages = settings.locales.map((l) => ({ value: l, label: tr(LANGUAGE_LABEL[l] ?? l) }));
  const maritals = MARITAL_STATUSES.map((m) => ({ value: String(m.id), label: tr(m.key) }));
  const select = (name: 'maritalStatus' | 'languageId' | 'timezone') => ({
    name,
    size: 'md' as const,
    value: values[name] || null,
    onChange: (v: string | null) => set({ [name]: v ?? '' }),
    error: errors[name],
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <AvatarBlock profile={profile} />
        <NameFields values={values} onChange={set} errors={errors} />
        <Radio.Group
          name="gender"
          label={t('details_gender')}
          value={values.gender}
          onChange={(gender) => set({ gender })}
          error={errors.gender}
        >
          <Group gap="lg" mt={6}>
            {settings.genders.map((g) => (
              <Radio key={g.id} value={String(g.id)} label={tr(g.key)} />
            ))}
          </Group>
        </Radio.Group>
        <DateSelect
          label={t('details_birthdate')}
          value={values.birthdate}
          onChange={(birthdate) => set({ birthdate })}
          error={errors.birthdate}
          minYear={1900}
          maxYear={infoBirthYearMax()}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            name="identification"
            label={t('info_identification')}
            description={t('info_identification_hint')}
            // The hint under the field, so the two columns' inputs stay level (issue 8, point 24).
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            size="md"
            maxLength={20}
            value={values.identification}
            onChange={(e) => set({ identification: e.currentTarget.value })}
            error={errors.identification}
          />
          <Select
            {...select('maritalStatus')}
            label={t('info_marital_status')}
            placeholder={t('info_select_placeholder')}
            data={maritals}
            clearable
            allowDeselect
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            {...select('languageId')}
            label={t('info_language')}
            data={languages}
            searchable={needsSearch(languages.length)}
            nothingFoundMessage={t('info_search_nothing')}
            allowDeselect={false}
          />
          <Select
            {...select('timezone')}
            label={t('info_timezone')}
            data={zones}
            searchable={needsSearch(zones.length)}
            nothingFoundMessage={t('info_search_nothing')}
            allowDeselect={false}
            limit={100}
          />
        </SimpleGrid>
        <Textarea
          name="bio"
          label={t('info_bio')}
          size="md"
          autosize
          minRows={3}
          maxRows={10}
          value={values.bio}
          onChange={(e) => setBio(e.currentTarget.value)}
          error={errors.bio}
        />
        {alert && (
          <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
            {alert}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {!embedded && (
            <Button variant="default" size="md" type="button" onClick={onCancel} disabled={busy}>
              {t('common_cancel')}
            </Button>
          )}
          <Button type="submit" size="md" loading={busy} miw={140}>
            {t('common_save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
