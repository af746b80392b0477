import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import type { ApprovalRequest } from '@portico/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { formatCountdown } from '../../components/countdownFormat';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSecondsLeft } from '../../hooks/useSecondsLeft';
import { approveQr, qrDetails } from './api';
import { RequestDetails } from './RequestDetails';

/**
 * /account/qr?code=… (issue 26 point 3): what a phone's camera or the app opens from a login
 * page's QR code, signed in first if need be. It shows what is asking (browser, IP, region, time,
 * product) before Approve or "It wasn't me"; the first account to open it is the only one that
 * may answer (server/src/features/approval/service.ts).
 */
export function ApproveQrPage() {
  const { t } = useTranslation();
  usePageTitle('approve_title');
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const details = useQuery({
    queryKey: ['account', 'qr', code],
    queryFn: () => qrDetails(code),
    enabled: code !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <AccountPage title={t('approve_title')} width={560}>
      <AccountCard>
        {code === '' ? (
          <Alert color="yellow" variant="light" icon={<Icon name="info" />}>
            {t('approve_missing_code')}
          </Alert>
        ) : (
          <QueryState query={details}>{(request) => <Answer code={code} request={request} />}</QueryState>
        )}
      </AccountCard>
    </AccountPage>
  );
}

function Answer({ code, request }: { code: string; request: ApprovalRequest }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [deadline] = useState(() => Date.now() + request.expirySecond * 1000);
  const left = useSecondsLeft(deadline);
  const answer = useMutation({ mutationFn: (approve: boolean) => approveQr(code, approve).then(() => approve) });

  if (answer.isSuccess)
    return (
      <Stack gap="md" align="flex-start">
        <Alert
          color={answer.data ? 'teal' : 'gray'}
          variant="light"
          icon={<Icon name={answer.data ? 'check' : 'info'} />}
          role="status"
          w="100%"
        >
          {t(answer.data ? 'approval_approved' : 'approval_denied')}
        </Alert>
        <Button component={Link} to={to('/account')} variant="light">
          {t('common_go_home')}
        </Button>
      </Stack>
    );
  const over = left <= 0;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {t('approval_title_qr')}
        </Title>
        <Text fz="sm" c="gray.7">
          {t('approval_intro')}
        </Text>
      </Stack>
      <RequestDetails request={request} />
      <Alert color="yellow" variant="light" icon={<Icon name="shield" />} fz="sm">
        {t('approval_phishing_warning')}
      </Alert>
      {over ? (
        <Alert color="gray" variant="light" role="alert">
          {t('qr_code_expired')}
        </Alert>
      ) : (
        <Text fz="sm" c="dimmed" role="timer" aria-live="off">
          {t('approval_expires_in', { time: formatCountdown(left) })}
        </Text>
      )}
      <FormAlert message={answer.isError ? errorText(answer.error, t) : null} />
      {/* One under the other: both labels whole on a phone, the approval first. */}
      <Stack gap="sm">
        <Button
          size="md"
          fullWidth
          disabled={over}
          loading={answer.isPending && answer.variables === true}
          onClick={() => answer.mutate(true)}
          data-testid="approve-qr"
        >
          {t('approval_approve')}
        </Button>
        <Button
          variant="default"
          size="md"
          fullWidth
          disabled={over}
          loading={answer.isPending && answer.variables === false}
          onClick={() => answer.mutate(false)}
        >
          {t('approval_deny')}
        </Button>
      </Stack>
    </Stack>
  );
}

export default ApproveQrPage;
