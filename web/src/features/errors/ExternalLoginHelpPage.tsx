import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyValueButton } from '../../components/CopyValueButton';
import { Icon } from '../../components/Icon';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';

// Small phone drawings for the three steps: the in-app browser's menu, its "open in browser"
// entry, and the sign-in page in the real browser.
const Phone = ({ children, label }: { children: ReactNode; label: string }) => (
  <svg viewBox="0 0 120 200" width={110} height={184} role="img" aria-label={label}>
    <rect x="4" y="2" width="112" height="196" rx="18" fill="#0f172a" />
    <rect x="10" y="14" width="100" height="172" rx="10" fill="#f8fafc" />
    <rect x="46" y="6" width="28" height="4" rx="2" fill="#334155" />
    {children}
  </svg>
);

const StepMenu = ({ label }: { label: string }) => (
  <Phone label={label}>
    <rect x="10" y="14" width="100" height="24" rx="10" fill="#e2e8f0" />
    <rect x="18" y="22" width="48" height="8" rx="4" fill="#94a3b8" />
    <circle cx="94" cy="26" r="11" fill="#fde68a" stroke="#f59e0b" strokeWidth="2" />
    {[88, 94, 100].map((x) => (
      <circle key={x} cx={x} cy={26} r={2} fill="#0f172a" />
    ))}
    {[52, 66, 80, 94].map((y) => (
      <rect key={y} x="18" y={y} width={y === 94 ? 50 : 84} height="7" rx="3.5" fill="#cbd5e1" />
    ))}
    <rect x="18" y="112" width="84" height="40" rx="8" fill="#dbeafe" />
  </Phone>
);

const StepOpen = ({ label, text }: { label: string; text: string }) => (
  <Phone label={label}>
    <rect x="10" y="14" width="100" height="172" rx="10" fill="#0f172a" opacity="0.25" />
    <rect x="16" y="96" width="88" height="84" rx="10" fill="#ffffff" />
    <rect x="24" y="106" width="60" height="7" rx="3.5" fill="#cbd5e1" />
    <rect x="20" y="122" width="80" height="20" rx="6" fill="#dbeafe" stroke="#1c64f2" strokeWidth="2" />
    <text
      x="60"
      y="135.5"
      textAnchor="middle"
      fontSize={text.length > 16 ? 7.5 : 9}
      fontWeight="700"
      fill="#1e3a8a"
      fontFamily="system-ui"
    >
      {text}
    </text>
    <rect x="24" y="154" width="52" height="7" rx="3.5" fill="#cbd5e1" />
    <rect x="24" y="168" width="40" height="7" rx="3.5" fill="#cbd5e1" />
  </Phone>
);

const StepSignIn = ({ label }: { label: string }) => (
  <Phone label={label}>
    <rect x="10" y="14" width="100" height="22" rx="10" fill="#1c64f2" />
    <rect x="18" y="21" width="64" height="8" rx="4" fill="#ffffff" opacity="0.85" />
    <rect x="20" y="56" width="80" height="12" rx="4" fill="#e2e8f0" />
    <rect x="20" y="76" width="80" height="12" rx="4" fill="#e2e8f0" />
    <rect x="20" y="96" width="80" height="14" rx="5" fill="#1c64f2" />
    <circle cx="60" cy="144" r="18" fill="#ccfbf1" />
    <polyline
      points="51 144 58 151 70 137"
      fill="none"
      stroke="#0d9488"
      strokeWidth="4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </Phone>
);

/** /error/external-login: fixing Facebook / Google sign-in inside in-app browsers. */
export function ExternalLoginHelpPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  usePageTitle('extlogin_title');
  const loginUrl = `${window.location.origin}${to('/login')}`;

  const steps = [
    {
      title: t('extlogin_step1_title'),
      text: t('extlogin_step1_text'),
      art: <StepMenu label={t('extlogin_step1_title')} />,
    },
    {
      title: t('extlogin_step2_title'),
      text: t('extlogin_step2_text'),
      art: <StepOpen label={t('extlogin_step2_title')} text={t('extlogin_open_in_browser')} />,
    },
    {
      title: t('extlogin_step3_title'),
      text: t('extlogin_step3_text'),
      art: <StepSignIn label={t('extlogin_step3_title')} />,
    },
  ];

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('extlogin_title')}
        </Title>
        <Text c="dimmed">{t('extlogin_intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {steps.map((step, index) => (
          <Paper key={step.title} withBorder radius="lg" p="lg">
            <Stack align="center" gap="sm">
              <Badge size="lg" radius="xl" variant="light">
                {t('extlogin_step', { n: index + 1 })}
              </Badge>
              {step.art}
              <Text fw={700} ta="center">
                {step.title}
              </Text>
              <Text fz="sm" c="dimmed" ta="center">
                {step.text}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="lg" p="lg" bg="brand.0">
        <Stack gap="sm">
          <Text fw={600}>{t('extlogin_copy_title')}</Text>
          <Text fz="sm" c="dimmed">
            {t('extlogin_copy_text')}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Text ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
              {loginUrl}
            </Text>
            <CopyValueButton value={loginUrl} size="compact-sm" variant="white" label={t('extlogin_copy_button')} />
          </Group>
        </Stack>
      </Paper>
      <Anchor component={Link} to={to('/login')} fw={600}>
        <Group gap={6} wrap="nowrap">
          <Icon name="user" size={18} />
          {t('extlogin_back_to_login')}
        </Group>
      </Anchor>
    </Stack>
  );
}

export default ExternalLoginHelpPage;
