import { Alert, Anchor, Center, Paper, Stack, Title } from '@mantine/core';
import type { User } from 'oidc-client-ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/FullPageLoader';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { stripLocalePrefix } from '../../i18n/locale';
import { useAuth } from '../../session/OidcSession';
import { assertIssuedInPast, isClockSkewError, statePath } from '../../session/oidc';

// One exchange per callback URL, even when React runs effects twice (StrictMode): the code
// and the stored state are single-use.
const exchanges = new Map<string, Promise<User>>();

/** Keeps the language choice; the rest of the sign-in data goes (spec: clear local storage). */
const clearLocalStorage = () => {
  try {
    const language = window.localStorage.getItem('languageCode');
    window.localStorage.clear();
    if (language) window.localStorage.setItem('languageCode', language);
  } catch {
    // storage unavailable: nothing to clear
  }
};

/** /callback: completes the sign-in redirect, then goes to the wanted page (or /account). */
export function CallbackPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const { to } = useLocale();
  const [clockSkew, setClockSkew] = useState(false);
  usePageTitle('callback_title');

  useEffect(() => {
    const manager = auth?.manager;
    if (!manager) return;
    const url = window.location.href;
    let exchange = exchanges.get(url);
    if (!exchange) {
      exchange = manager.signinRedirectCallback(url).then((user) => {
        assertIssuedInPast(user);
        return user;
      });
      exchanges.set(url, exchange);
    }
    let active = true;
    exchange.then(
      (user) => {
        if (!active) return;
        // state is the wanted path in the language of the sign-in; re-prefix for this one.
        navigate(to(stripLocalePrefix(statePath(user.state, '/account'))), { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        if (isClockSkewError(error)) {
          clearLocalStorage();
          setClockSkew(true);
        } else {
          navigate(to('/'), { replace: true });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [auth?.manager, navigate, to]);

  if (clockSkew) {
    return (
      <Center py="xl">
        <Paper withBorder radius="lg" p="xl" maw={480} w="100%" shadow="sm">
          <Stack gap="md">
            <Title order={1} fz="h3">
              {t('callback_clock_title')}
            </Title>
            <Alert color="orange" variant="light" role="alert">
              {t('callback_clock_skew')}
            </Alert>
            <Anchor href={to('/signin')} fw={600}>
              {t('common_retry')}
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    );
  }

  return <PageLoader message={t('callback_signing_in')} />;
}

export default CallbackPage;
