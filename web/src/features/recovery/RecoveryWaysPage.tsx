import { Divider, Stack } from '@mantine/core';
import type { RecoveryClaimType } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { listRecoveryClaims, RECOVERY_QUERY_KEY } from './api';
import { RecoveryWay, WAYS } from './RecoveryWay';

/**
 * Recovery ways (spec account §2 Recovery ways, §3 User claim (recovery)): the recovery phone and
 * the recovery e-mail, each shown and edited in place, checked (VN mobile / e-mail format) and
 * saved as the phone_number_recovery / email_recovery claims. Saving an empty value removes one.
 */
export function RecoveryWaysPage() {
  const { t } = useTranslation();
  const claims = useQuery({ queryKey: RECOVERY_QUERY_KEY, queryFn: listRecoveryClaims, retry: false });
  const [editing, setEditing] = useState<RecoveryClaimType | null>(null);
  usePageTitle('menu_recovery_ways');

  return (
    <AccountPage title={t('menu_recovery_ways')} intro={t('recovery_intro')}>
      <AccountCard>
        <QueryState query={claims}>
          {(list) => (
            <Stack gap="md">
              {WAYS.map((way, i) => (
                <Stack key={way.type} gap="md">
                  {i > 0 && <Divider />}
                  <RecoveryWay
                    way={way}
                    claim={list.find((c) => c.claimType === way.type)}
                    editing={editing === way.type}
                    onEdit={() => setEditing(way.type)}
                    onClose={() => setEditing(null)}
                  />
                </Stack>
              ))}
            </Stack>
          )}
        </QueryState>
      </AccountCard>
    </AccountPage>
  );
}

export default RecoveryWaysPage;
