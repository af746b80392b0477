import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { checkRequirePassword, getTwoStepEnabled, REQUIRE_PASSWORD_KEY, TWO_STEP_KEY } from './api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { modeFor } from './logic';
import { SetPasswordForm } from './SetPasswordForm';

export interface ChangePasswordPageProps {
  /** /change-password inside the mobile app: no forgot-password link, the host is told of success. */
  embedded?: boolean;
}

/**
 * Change password (spec §2 Change password page, §4, §5): step 1 current password (hidden for
 * accounts that need none: the set-password mode), new and confirm with the guide and meter,
 * forgot-password link (not embedded, not in set mode), next; step 2 when the server asks for a
 * code: where to receive it, the code with countdown and resend, keep login / log out all
 * devices, update and cancel. /security/change-password, /change-password (embedded) and
 * /security/set-password all render it; the server's answer picks the mode.
 */
export function ChangePasswordPage({ embedded = false }: ChangePasswordPageProps) {
  const { t } = useTranslation();
  const require = useQuery({ queryKey: REQUIRE_PASSWORD_KEY, queryFn: checkRequirePassword, retry: false });
  // The intro says whether a code will be asked (the form reads the same query).
  const twoStep = useQuery({ queryKey: TWO_STEP_KEY, queryFn: getTwoStepEnabled, retry: false });
  const mode = modeFor(require.data);
  usePageTitle(require.isSuccess && mode === 'set' ? 'set_password_title' : 'change_password_title');

  const body = (
    <QueryState query={require}>
      {() => (mode === 'set' ? <SetPasswordForm /> : <ChangePasswordForm embedded={embedded} />)}
    </QueryState>
  );

  const title = require.isSuccess && mode === 'set' ? t('set_password_title') : t('change_password_title');
  const intro =
    require.isSuccess && mode === 'set'
      ? t('set_password_intro')
      : t(twoStep.data === false ? 'change_password_intro_direct' : 'change_password_intro');

  return (
    <Box maw={560} mx={embedded ? undefined : 'auto'} w="100%">
      <Paper withBorder={!embedded} radius="lg" p={embedded ? 0 : { base: 'lg', sm: 'xl' }} bg="white">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>
            <Text c="dimmed" fz="sm">
              {intro}
            </Text>
          </Stack>
          {body}
        </Stack>
      </Paper>
    </Box>
  );
}

export default ChangePasswordPage;

/** /change-password: the embedded variant. */
export function EmbeddedChangePasswordPage() {
  return <ChangePasswordPage embedded />;
}
