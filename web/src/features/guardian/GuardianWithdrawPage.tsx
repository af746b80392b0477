import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkActionCard } from '../../components/LinkActionCard';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useAppSettings } from '../../settings/useAppSettings';
import { readWithdrawal, withdrawGuardianConsent } from './api';

/**
 * The withdrawal link of every message to a guardian (issue 32 point 4; GUARDIAN_WITHDRAW_PAGE):
 * whose account it is (read on load, which changes nothing), then one button that withdraws the
 * consent, which deletes the child's account.
 */
export default function GuardianWithdrawPage() {
  const { t } = useTranslation();
  const { settings } = useAppSettings();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  usePageTitle('guardian_withdraw_title');
  const whose = useQuery({
    queryKey: ['guardian-withdrawal', token],
    queryFn: () => readWithdrawal(token),
    enabled: !!token,
    retry: false,
  });
  const child = whose.data?.child ?? '…';
  return (
    <LinkActionCard
      title={t('guardian_withdraw_title')}
      intro={t('guardian_withdraw_intro', { child, product: settings.productName || 'Portico' })}
      button={t('guardian_withdraw_button')}
      invalid={t('guardian_link_invalid')}
      run={withdrawGuardianConsent}
      done={() => (
        <Alert color="green" role="status">
          {t('guardian_withdraw_done')}
        </Alert>
      )}
    />
  );
}
