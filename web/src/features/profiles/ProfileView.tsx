import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { UserProfile } from '@portico/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { looseT } from '../../i18n/t';
import { ProfileAvatar } from './ProfileAvatar';

/** 'YYYY-MM' as MM/YYYY, an ongoing entry's end as "present". */
const monthText = (value: string | null) => (value ? `${value.slice(5, 7)}/${value.slice(0, 4)}` : '');
const period = (start: string | null, end: string | null, ongoing: boolean, present: string) =>
  [monthText(start), ongoing ? present : monthText(end)].filter(Boolean).join(' – ');

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {empty ? <Text c="dimmed">{t('profiles_nothing')}</Text> : children}
    </Stack>
  );
}

function Entry({ title, lines }: { title: string; lines: (string | ReactNode)[] }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>{title}</Text>
      {lines.filter(Boolean).map((line, i) => (
        <Text key={typeof line === 'string' ? line : i} fz="sm" c="dimmed">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** A profile read (spec account §2 Profile page, view mode). */
export function ProfileView({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const present = t('profiles_present');
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <ProfileAvatar name={profile.displayName} src={profile.avatar} size={84} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} fz="xl">
            {profile.displayName}
          </Text>
          {profile.role && <Text c="dimmed">{profile.role}</Text>}
        </Stack>
      </Group>
      <Divider />
      <Section title={t('profiles_section_education')} empty={!profile.educationList.length}>
        {profile.educationList.map((e) => (
          <Entry
            key={e.id}
            title={e.school.showText}
            lines={[
              [tr(`edu_level_${e.level}`), e.major, e.type ? tr(`edu_type_${e.type}`) : ''].filter(Boolean).join(' · '),
              [e.classificationText, e.grade ? t('profiles_grade_n', { n: e.grade }) : '', e.className]
                .filter(Boolean)
                .join(' · '),
              period(e.startDate, e.endDate, e.isStudying, present),
            ]}
          />
        ))}
      </Section>
      <Section title={t('profiles_section_experience')} empty={!profile.experienceList.length}>
        {profile.experienceList.map((e) => (
          <Entry
            key={e.id}
            title={[e.roleName, e.company].filter(Boolean).join(' · ')}
            lines={[e.address, period(e.startDate, e.endDate, e.isWorking, present)]}
          />
        ))}
      </Section>
      <Section title={t('profiles_section_certification')} empty={!profile.certificationList.length}>
        {profile.certificationList.map((c) => (
          <Entry
            key={c.id}
            title={c.certificationName}
            lines={[
              [c.classification, c.placeOfIssue, c.certificateDate ?? ''].filter(Boolean).join(' · '),
              c.fileUrl ? (
                <Anchor key="file" href={c.fileUrl} fz="sm" download>
                  {c.fileName || t('profiles_cert_file')}
                </Anchor>
              ) : (
                ''
              ),
            ]}
          />
        ))}
      </Section>
      <Section title={t('profiles_section_reference')} empty={!profile.referenceList.length}>
        {profile.referenceList.map((r) => (
          <Entry
            key={r.id}
            title={r.fullName}
            lines={[[r.roleName, r.company].filter(Boolean).join(' · '), r.reference, r.phoneNumber]}
          />
        ))}
      </Section>
    </Stack>
  );
}
