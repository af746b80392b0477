import { Box, Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatPersonName, type GeneralProfile, MARITAL_STATUSES } from '@portico/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/SafeHtml';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { AvatarBlock } from './AvatarBlock';
import { formatBirthdate, LANGUAGE_LABEL } from './format';
import { zoneLabel } from './logic';

/** A dt/dd pair; its wrapper is a div, the one element a dl may group its pairs in. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fz="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Box component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Stack>
  );
}

function PencilIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.121 2.121 0 0 1 3 3L7 19l-4 1 1-4L16.5 3.5z" />
    </svg>
  );
}

/** The read view: avatar, edit button, every field ('not set' when empty), the sanitized bio. */
export function InfoReadView({ profile, onEdit }: { profile: GeneralProfile; onEdit: () => void }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale } = useLocale();
  const notSet = (
    <Text span c="dimmed" fw={400} fs="italic">
      {t('info_not_set')}
    </Text>
  );
  const marital = MARITAL_STATUSES.find((m) => m.id === profile.maritalStatus);
  const language = LANGUAGE_LABEL[profile.languageId];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <AvatarBlock profile={profile} />
        <Button leftSection={<PencilIcon />} onClick={onEdit}>
          {t('info_edit')}
        </Button>
      </Group>
      <Divider />
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md" m={0}>
        <Field label={t('info_full_name')}>{formatPersonName(profile, locale) || notSet}</Field>
        <Field label={t('details_gender')}>{profile.genderText || notSet}</Field>
        <Field label={t('details_birthdate')}>{formatBirthdate(profile.birthdate, locale) || notSet}</Field>
        <Field label={t('info_identification')}>{profile.identification || notSet}</Field>
        <Field label={t('info_marital_status')}>
          {marital ? tr(marital.key) : profile.maritalStatusText || notSet}
        </Field>
        <Field label={t('info_language')}>{language ? tr(language) : profile.languageText || notSet}</Field>
        <Field label={t('info_timezone')}>
          {profile.timezone ? zoneLabel(profile.timezone, t('timezone_vietnam')) : notSet}
        </Field>
        <Field label={t('info_user_id')}>
          <Text span ff="monospace" fz="sm">
            {profile.id}
          </Text>
        </Field>
      </SimpleGrid>
      {/* In a dl of its own: a dt/dd pair outside a dl is invalid (axe dlitem). */}
      <Box component="dl" m={0}>
        <Field label={t('info_bio')}>{profile.bio.trim() ? <SafeHtml html={profile.bio} fw={400} /> : notSet}</Field>
      </Box>
    </Stack>
  );
}
