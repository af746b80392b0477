import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ErrorLookupAnswer } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Icon } from '../../components/Icon';
import { usePageTitle } from '../../hooks/usePageTitle';
import { usePhone } from '../../hooks/usePhone';
import { looseT } from '../../i18n/t';
import { lookUpError } from './api';
import { KeyboardIllustration } from './KeyboardIllustration';

/** OAuth and OpenID Connect error codes the page says in the reader's language (oauth_error_<code>). */
export const KNOWN_OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_redirect_uri',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_grant',
  'server_error',
  'temporarily_unavailable',
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
  'invalid_request_object',
  'invalid_request_uri',
  'request_not_supported',
  'request_uri_not_supported',
  'registration_not_supported',
  'invalid_token',
  'session_not_found',
] as const;

/**
 * What to say about an error: the translated text of a known code (the provider's own
 * description is English only), else the provider's description or code as it is.
 */
export const errorMessage = (
  answer: ErrorLookupAnswer | undefined,
  t: (key: string) => string,
): { text: string | null; code: string | null } => {
  const code = answer?.error?.trim() || null;
  if (code && (KNOWN_OAUTH_ERRORS as readonly string[]).includes(code)) return { text: t(`oauth_error_${code}`), code };
  return { text: answer?.errorDescription || code, code: answer?.errorDescription ? code : null };
};

/** The errorid value from a query string that begins with errorid= (spec §2). */
export const errorIdFrom = (search: string): string | null => new URLSearchParams(search).get('errorid');

/** The title and intro keys: an error of the end-session endpoint says sign-out failed, any other sign-in failed. */
export const errorPageKeys = (flow: ErrorLookupAnswer['flow'] | undefined) =>
  flow === 'sign_out'
    ? ({ title: 'errorpage_title_sign_out', intro: 'errorpage_intro_sign_out' } as const)
    : ({ title: 'errorpage_title', intro: 'errorpage_intro' } as const);

/** /error?errorid=...: the provider's sign-in or sign-out error, with the clear-cache hint and a way back. */
export function ErrorPage() {
  const { t } = useTranslation();
  const phone = usePhone();
  const { search } = useLocation();
  const errorId = errorIdFrom(search);
  const lookup = useQuery({
    queryKey: ['sign-in-error', errorId],
    queryFn: () => lookUpError(errorId ?? ''),
    enabled: Boolean(errorId),
    retry: false,
  });

  const description = errorMessage(lookup.data, looseT(t));
  const keys = errorPageKeys(lookup.data?.flow);
  usePageTitle(keys.title);

  return (
    <Center>
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="xl" color="red" variant="light">
              <Icon name="info" size={26} />
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {t(keys.title)}
              </Title>
              <Text c="dimmed" fz="sm">
                {t(keys.intro)}
              </Text>
            </Stack>
          </Group>

          {lookup.isLoading ? (
            <Loader type="dots" size="sm" aria-label={t('app_loading')} />
          ) : (
            <Alert color="red" variant="light" title={t('errorpage_description')}>
              <Stack gap={6}>
                <Text fz="sm" style={{ wordBreak: 'break-word' }} data-testid="error-description">
                  {description.text || t('errorpage_unknown')}
                </Text>
                {description.code && (
                  <Text fz="sm">
                    {t('errorpage_code')}{' '}
                    <Text span ff="monospace" fw={600} data-testid="error-code">
                      {description.code}
                    </Text>
                  </Text>
                )}
                {lookup.data?.clientId && (
                  <Text fz="sm">
                    {t('errorpage_client_id')}{' '}
                    <Text span ff="monospace" fw={600}>
                      {lookup.data.clientId}
                    </Text>
                  </Text>
                )}
              </Stack>
            </Alert>
          )}

          <Stack gap="sm" align="center">
            <Text fw={600} ta="center">
              {t('error_clear_cache_hint')}
            </Text>
            {/* A phone has no Ctrl + Shift + Del (issue 34 point 7): its browser's settings instead. */}
            {!phone && <KeyboardIllustration label={t('errorpage_keys_label')} />}
            <Text fz="sm" c="dimmed" ta="center">
              {t(phone ? 'errorpage_phone_text' : 'errorpage_keys_text')}
            </Text>
          </Stack>

          <Button variant="light" onClick={() => window.history.back()} leftSection={<span aria-hidden="true">←</span>}>
            {t('common_back')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

export default ErrorPage;
