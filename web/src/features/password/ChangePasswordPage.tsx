import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { checkRequirePassword, getTwoStepEnabled, REQUIRE_PASSWORD_KEY, TWO_STEP_KEY } from './api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { modeFor } from './logic';
import { SetPasswordForm } from './SetPasswordForm';

/**
 * Change password (spec §2 Change password page, §4, §5): step 1 current password (hidden for
 * accounts that need none: the set-password mode), new and confirm with the guide and meter,
 * forgot-password link (not embedded, not in set mode), next; step 2 when the server asks for a
 * code: where to receive it, the code with countdown and resend, keep login / log out all
 * devices, update and cancel. /security/change-password, /change-password (embedded) and
 * /security/set-password all render it; the server's answer picks the mode. Embedded
 * (/change-password): no forgot-password link, the host is told of success.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const require = useQuery({ queryKey: REQUIRE_PASSWORD_KEY, queryFn: checkRequirePassword, retry: false });
  // The intro says whether a code will be asked (the form reads the same query).
  const twoStep = useQuery({ queryKey: TWO_STEP_KEY, queryFn: getTwoStepEnabled, retry: false });
  const mode = modeFor(require.data);
  usePageTitle(require.isSuccess && mode === 'set' ? 'set_password_title' : 'change_password_title');

  const body = (
    <QueryState query={require}>{() => (mode === 'set' ? <SetPasswordForm /> : <ChangePasswordForm />)}</QueryState>
  );

  const title = require.isSuccess && mode === 'set' ? t('set_password_title') : t('change_password_title');
  const intro =
    require.isSuccess && mode === 'set'
      ? t('set_password_intro')
      : t(twoStep.data === false ? 'change_password_intro_direct' : 'change_password_intro');

  return (
    <AccountPage width={560} title={title} intro={intro}>
      <AccountCard>{body}</AccountCard>
    </AccountPage>
  );
}

export default ChangePasswordPage;
