import { Group, Radio, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { type GeneralProfile, infoBirthYearMax, MARITAL_STATUSES } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { DateSelect } from '../../components/DateSelect';
import { FormActions } from '../../components/FormActions';
import { FormStack } from '../../components/FormStack';
import { NameFields } from '../../components/NameFields';
import { looseT } from '../../i18n/t';
import { needsSearch } from '../../lib/selectSearch';
import { useAppSettings } from '../../settings/useAppSettings';
import { AvatarBlock } from './AvatarBlock';
import { LANGUAGE_LABEL } from './format';
import { type ZoneOption, zoneMatches } from './logic';
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
  const { form, setBio, zones } = useInfoForm({ profile, embedded, onDone });
  const { values, patch: set, errors } = form;

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
    <FormStack
      form={form}
      actions={
        <FormActions
          submit={t('common_save')}
          busy={form.busy}
          onCancel={embedded ? undefined : onCancel}
          size="md"
          miw={140}
        />
      }
    >
      <AvatarBlock profile={profile} />
      <NameFields values={values} onChange={set} errors={errors} />
      <Radio.Group {...form.field('gender')} label={t('details_gender')}>
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
          {...form.field('identification')}
          label={t('info_identification')}
          description={t('info_identification_hint')}
          // The hint under the field, so the two columns' inputs stay level (issue 8, point 24).
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          size="md"
          maxLength={20}
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
      </SimpleGrid>
      {/* A row of its own, so "(GMT+07:00) Hà Nội, TP. Hồ Chí Minh" shows whole; every zone listed
          (ordered by offset), or found by typing (issue 34 point 9). */}
      <Select
        {...select('timezone')}
        label={t('info_timezone')}
        data={zones}
        searchable={needsSearch(zones.length)}
        filter={({ options, search }) => (options as ZoneOption[]).filter((o) => zoneMatches(o, search))}
        nothingFoundMessage={t('info_search_nothing')}
        allowDeselect={false}
        maxDropdownHeight={320}
      />
      <Textarea
        {...form.field('bio')}
        label={t('info_bio')}
        size="md"
        autosize
        minRows={3}
        maxRows={10}
        onChange={(e) => setBio(e.currentTarget.value)}
      />
    </FormStack>
  );
}
