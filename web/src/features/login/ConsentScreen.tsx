import { Avatar, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { InteractionDetails } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { Icon } from '../../components/Icon';
import { useLeavingAction } from '../../components/useLeavingAction';
import { looseT } from '../../i18n/t';
import { answerConsent } from './api';

const SCOPE_KEYS: Record<string, string> = {
  openid: 'scope_openid',
  profile: 'scope_profile',
  email: 'scope_email',
  phone: 'scope_phone',
  address: 'scope_address',
  offline_access: 'scope_offline_access',
};

/** The scope's description in the reader's language; unknown scopes show as they are. */
export const scopeText = (scope: string, t: (key: string) => string): string =>
  SCOPE_KEYS[scope] ? t(SCOPE_KEYS[scope]) : scope;

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** Consent for a client that is not first-party: what it asks for, Allow or Deny. */
export function ConsentScreen({ details }: { details: InteractionDetails }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const name = details.client.clientName || details.client.clientId;
  const consent = useLeavingAction(async (which: 'allow' | 'deny') => {
    const { redirectUrl } = await answerConsent(details.uid, which === 'allow');
    window.location.assign(redirectUrl);
  });
  const busy = consent.busy;
  const error = consent.error && errorText(consent.error, t);
  const answer = (approve: boolean) => consent.start(approve ? 'allow' : 'deny');

  return (
    <Stack gap="lg">
      <Stack align="center" gap="sm">
        <Avatar src={details.client.logoUri} size={64} radius="lg" color="brand" alt="">
          {initials(name)}
        </Avatar>
        <Title order={1} fz={{ base: 22, sm: 24 }} ta="center">
          {t('consent_title', { client: name })}
        </Title>
        <Text c="dimmed" ta="center" fz="sm">
          {t('consent_intro', { client: name })}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Text fw={600} fz="sm" mb="xs">
          {t('consent_scopes_heading')}
        </Text>
        <List
          spacing="xs"
          fz="sm"
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <Icon name="shield" size={12} />
            </ThemeIcon>
          }
        >
          {details.scopes.map((scope) => (
            <List.Item key={scope}>{scopeText(scope, tr)}</List.Item>
          ))}
        </List>
      </Paper>
      {details.client.clientUri && (
        <Text fz="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
          {details.client.clientUri}
        </Text>
      )}
      {error && (
        <Text c="red.7" fz="sm" role="alert">
          {error}
        </Text>
      )}
      <Group grow gap="sm">
        <Button
          variant="default"
          size="md"
          onClick={() => void answer(false)}
          loading={busy === 'deny'}
          disabled={busy !== null}
        >
          {t('consent_deny')}
        </Button>
        <Button size="md" onClick={() => void answer(true)} loading={busy === 'allow'} disabled={busy !== null}>
          {t('consent_allow')}
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" ta="center">
        {t('consent_note')}
      </Text>
    </Stack>
  );
}
