import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { postToHost } from '../../embed';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { notifyDone } from '../../lib/notify';
import { hasPasswordQuery } from '../../queries/hasPassword';
import { clearSignInStorage } from '../../session/clearStorage';
import { useAuth } from '../../session/OidcSession';
import { DeleteAccountForm } from './DeleteAccountForm';
import { SIGN_OUT_AFTER_MS } from './logic';

/**
 * Delete account (spec account §2, §4, §5): the confirmation checkbox, the password unless the
 * account has none (checked first), then the deletion; the toast, the host is told, and after
 * 1 s local storage is cleared and the user signed out.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const auth = useAuth();
  const withPassword = useQuery(hasPasswordQuery);
  const [deleted, setDeleted] = useState(false);
  usePageTitle('menu_delete');

  /** Clears local storage and signs out; if the provider cannot be reached, forgets the user and goes to /login. */
  const leave = () => {
    clearSignInStorage();
    const out = auth ? auth.signOut(locale) : Promise.reject(new Error('no auth'));
    out.catch(async () => {
      await auth?.forget();
      navigate(to('/login'), { replace: true });
    });
  };

  const onDeleted = () => {
    notifyDone(t('delete_account_success'));
    postToHost('delete_account_success');
    setDeleted(true);
    // Not tied to this page's lifetime: a 401 elsewhere may unmount it first.
    window.setTimeout(leave, SIGN_OUT_AFTER_MS);
  };

  return (
    <AccountPage width={640} title={t('menu_delete')} intro={t('delete_account_intro')}>
      <AccountCard>
        <QueryState query={withPassword}>
          {(needsPassword) =>
            deleted ? (
              <Alert color="teal" variant="light" role="status" icon={<Icon name="check" />}>
                <Group gap="sm" wrap="nowrap">
                  <Text fz="sm">{t('delete_account_success')}</Text>
                  <Loader size="xs" />
                </Group>
              </Alert>
            ) : (
              <DeleteAccountForm needsPassword={needsPassword} onDeleted={onDeleted} />
            )
          }
        </QueryState>
      </AccountCard>
    </AccountPage>
  );
}

export default DeleteAccountPage;
