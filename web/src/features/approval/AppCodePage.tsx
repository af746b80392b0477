import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../components/CopyValueButton';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSecondsLeft } from '../../hooks/useSecondsLeft';
import { getAppCode } from './api';
import classes from './approval.module.css';

/**
 * /security/app-code (issue 26 point 5): the `app` second step's code for a sign-in on another
 * browser whose phone is offline, valid 30 s and once; a new one comes when it runs out.
 */
export function AppCodePage() {
  const { t } = useTranslation();
  usePageTitle('app_code_title');
  const code = useQuery({
    queryKey: ['account', 'app-code'],
    queryFn: async () => ({ ...(await getAppCode()), at: Date.now() }),
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // From the answer itself, so the render that brings a new code also brings its deadline.
  const deadline = code.data ? code.data.at + code.data.expirySecond * 1000 : null;
  const left = useSecondsLeft(deadline);
  const { refetch, isFetching } = code;
  // A new code when this one runs out, while the page is open.
  useEffect(() => {
    if (deadline !== null && left <= 0 && !isFetching) void refetch();
  }, [deadline, left, isFetching, refetch]);

  return (
    <AccountPage title={t('app_code_title')} intro={t('app_code_intro')} width={560}>
      <AccountCard>
        {code.isError ? (
          <QueryError error={code.error} onRetry={() => void refetch()} />
        ) : !code.data ? (
          <Center py="lg" role="status" aria-label={t('app_loading')}>
            <Loader type="dots" />
          </Center>
        ) : (
          <Stack gap="sm" align="center">
            <div className={classes.code} data-testid="app-code" aria-live="polite">
              {code.data.code}
            </div>
            <Text fz="sm" c="dimmed" role="timer" aria-live="off">
              {t('app_code_expires_in', { seconds: left })}
            </Text>
            <CopyValueButton value={code.data.code} />
            <Button variant="subtle" size="xs" onClick={() => void refetch()} loading={isFetching}>
              {t('qr_regenerate')}
            </Button>
          </Stack>
        )}
      </AccountCard>
    </AccountPage>
  );
}

export default AppCodePage;
