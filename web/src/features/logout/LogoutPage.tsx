import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { clearSignInStorage, sameOriginTarget } from '../../session/clearStorage';
import { useAuth } from '../../session/OidcSession';
import { useSession } from '../../session/session';

/**
 * /logout: the signing-out page. Clears local storage; a signed-in portal session is ended at
 * the provider (RP-initiated logout with front-channel logout of the other clients); then the
 * browser goes to the post-logout address from the query (same origin only) or home.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const session = useSession();
  const auth = useAuth();
  const { locale, to } = useLocale();
  const [search] = useSearchParams();
  const started = useRef(false);
  usePageTitle('signing_out');

  useEffect(() => {
    if (session.status === 'loading' || started.current) return;
    started.current = true;
    const target =
      sameOriginTarget(
        search.get('post_logout_redirect_uri') ?? search.get('postLogoutRedirectUri') ?? search.get('returnUrl'),
        window.location.origin,
      ) ?? to('/');
    void (async () => {
      if (session.status === 'authenticated' && auth?.manager) {
        await auth.signOut(locale);
        return;
      }
      clearSignInStorage();
      window.location.replace(target);
    })();
  }, [session.status, auth, search, locale, to]);

  return (
    <Center py={{ base: 'lg', sm: 80 }}>
      <Paper withBorder radius="lg" p="xl" maw={420} w="100%" shadow="sm">
        <Stack align="center" gap="md" role="status">
          <Loader type="dots" />
          <Title order={1} fz="h3" ta="center">
            {t('signing_out')}
          </Title>
          <Text c="dimmed" ta="center" fz="sm">
            {t('logout_exit_message')}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

export default LogoutPage;
