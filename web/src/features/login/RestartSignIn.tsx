import { Alert, Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/useLocale';
import { useAuth } from '../../session/OidcSession';

/** The sign-in can no longer finish (expired interaction): start it again. */
export function RestartSignIn({ message }: { message: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { locale } = useLocale();
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 22, sm: 24 }}>
        {t('login_title')}
      </Title>
      <Alert color="orange" variant="light" role="alert">
        {message}
      </Alert>
      <Button
        size="md"
        loading={busy}
        onClick={() => {
          setBusy(true);
          void auth?.signIn('/account', locale);
        }}
      >
        {t('login_restart')}
      </Button>
    </Stack>
  );
}
