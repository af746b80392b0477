import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLeavingAction } from '../../components/useLeavingAction';
import { useLocale } from '../../hooks/useLocale';
import { useAuth } from '../../session/OidcSession';

/** The sign-in can no longer finish (expired interaction): start it again. */
export function RestartSignIn({ message }: { message: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { locale } = useLocale();
  const restart = useLeavingAction(async (_: 'restart') => auth?.signIn('/account', locale));
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 22, sm: 24 }}>
        {t('login_title')}
      </Title>
      <Alert color="orange" variant="light" role="alert">
        {message}
      </Alert>
      <Button size="md" loading={restart.busy !== null} onClick={() => restart.start('restart')}>
        {t('login_restart')}
      </Button>
    </Stack>
  );
}
