import { Alert, Button, Divider, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TwoFactorDetails } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { AuthenticatorWizard } from './AuthenticatorWizard';
import {
  disableTwoFactor,
  enableTwoFactor,
  generateRecoveryCodes,
  getDetails,
  resetAuthenticator,
  TWO_FACTOR_QUERY_KEY,
} from './api';
import { PasswordModal } from './PasswordModal';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

type Guarded = 'reset' | 'regenerate' | 'disable';
const GUARD_NOTES = {
  reset: 'two_factor_reset_note',
  regenerate: 'two_factor_recovery_generate_note',
  disable: 'two_factor_disable_note',
} as const;

/**
 * /security/2fa (spec account §2 Two-step verification page, §4, §5): the on/off switch (with no
 * authenticator, turning on opens the setup wizard at step 1), the wizard, the set-up message
 * with reset and new recovery codes behind the password, and the recovery codes shown once.
 */
export function TwoFactorPage() {
  const { t } = useTranslation();
  const _tr = looseT(t);
  const queryClient = useQueryClient();
  usePageTitle('menu_2fa');
  const details = useQuery({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: getDetails, retry: false });
  const [wizard, setWizard] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [guarded, setGuarded] = useState<Guarded | null>(null);
  // Turning on with an authenticator already set up (spec account §8: a failure only ends the
  // loading; the switch shows the stored state).
  const enabling = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (next) => {
      store(next);
      done('enable_2fa_success');
    },
  });
  const toggling = enabling.isPending;

  const store = (next: TwoFactorDetails) => queryClient.setQueryData(TWO_FACTOR_QUERY_KEY, next);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
  const done = (key: 'enable_2fa_success' | 'disable_2fa_success' | 'two_factor_reset_success') =>
    notifications.show({
      color: 'teal',
      message: t(key),
      autoClose: 3000,
      closeButtonProps: { 'aria-label': t('common_close') },
    });

  const toggle = async (on: boolean) => {
    if (on && !details.data?.hasAuthenticator) {
      setCodes(null);
      setWizard(true);
      return;
    }
    // Off is behind the password (server/src/features/two-factor/service.ts disable).
    if (!on) {
      setGuarded('disable');
      return;
    }
    enabling.mutate();
  };

  const runGuarded = async () => {
    if (guarded === 'reset') {
      store(await resetAuthenticator());
      setCodes(null);
      done('two_factor_reset_success');
    } else if (guarded === 'disable') {
      store(await disableTwoFactor());
      done('disable_2fa_success');
    } else if (guarded === 'regenerate') {
      setCodes((await generateRecoveryCodes()).recoveryCodes);
      await refresh();
    }
  };

  return (
    <AccountPage title={t('menu_2fa')} intro={t('two_factor_intro')}>
      <AccountCard>
        <QueryState query={details}>
          {(data) => (
            <Stack gap="lg">
              <Group justify="space-between" wrap="nowrap" gap="md">
                <Switch
                  size="md"
                  label={t('two_factor_toggle')}
                  description={t(data.twoFactorEnabled ? 'two_factor_status_on' : 'two_factor_status_off')}
                  checked={data.twoFactorEnabled}
                  disabled={toggling || wizard}
                  onChange={(e) => void toggle(e.currentTarget.checked)}
                />
                {toggling && <Loader size="sm" aria-label={t('app_loading')} />}
              </Group>
              {codes && (
                <RecoveryCodesPanel
                  codes={codes}
                  onDone={() => {
                    setCodes(null);
                  }}
                />
              )}
              {wizard ? (
                <>
                  <Divider />
                  <AuthenticatorWizard
                    onCancel={() => setWizard(false)}
                    onDone={(recoveryCodes) => {
                      setWizard(false);
                      setCodes(recoveryCodes);
                      // What verify-authenticator just did, shown at once; the refetch confirms it.
                      store({
                        twoFactorEnabled: true,
                        hasAuthenticator: true,
                        recoveryCodesLeft: recoveryCodes.length,
                      });
                      done('enable_2fa_success');
                      void refresh();
                    }}
                  />
                </>
              ) : (
                data.hasAuthenticator && (
                  <>
                    <Divider />
                    <Alert color="teal" variant="light" icon={<Icon name="shield" />}>
                      <Text fz="sm">{t('two_factor_enabled_message')}</Text>
                      {data.twoFactorEnabled && (
                        <Text fz="sm" mt={4}>
                          {t('two_factor_recovery_left', { count: data.recoveryCodesLeft })}
                        </Text>
                      )}
                    </Alert>
                    <Stack gap="xs">
                      {data.twoFactorEnabled && (
                        <Group justify="space-between" gap="sm">
                          <Text fz="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
                            {t('two_factor_recovery_generate_note')}
                          </Text>
                          <Button variant="default" onClick={() => setGuarded('regenerate')}>
                            {t('two_factor_recovery_generate')}
                          </Button>
                        </Group>
                      )}
                      <Group justify="space-between" gap="sm">
                        <Text fz="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
                          {t('two_factor_reset_note')}
                        </Text>
                        <Button variant="default" c="red.9" onClick={() => setGuarded('reset')}>
                          {t('two_factor_reset_button')}
                        </Button>
                      </Group>
                    </Stack>
                  </>
                )
              )}
            </Stack>
          )}
        </QueryState>
      </AccountCard>
      <PasswordModal
        opened={guarded !== null}
        note={guarded && t(GUARD_NOTES[guarded])}
        onClose={() => setGuarded(null)}
        onConfirmed={runGuarded}
      />
    </AccountPage>
  );
}

export default TwoFactorPage;
