import { Button, Group, Image, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { FormAlert } from '../../components/FormAlert';
import { BackButton } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { formatDateTime } from '../../lib/format';
import { notifyDone } from '../../lib/notify';
import { ADMIN_QUERY_KEY, approveKyc, getKycQueue, getKycReview, refuseKyc } from './api';

const KEY = [...ADMIN_QUERY_KEY, 'kyc'];

/** The identity verifications waiting for review, oldest first; one opens with its two images. */
export function KycTab() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [open, setOpen] = useState<string | null>(null);
  const queue = useQuery({ queryKey: KEY, queryFn: getKycQueue, enabled: open === null });
  if (open) return <KycReview userId={open} onDone={() => setOpen(null)} />;
  return (
    <QueryState query={queue} empty={t('admin_kyc_empty')}>
      {(rows) => (
        <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('admin_nav_kyc')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin_kyc_person')}</Table.Th>
              <Table.Th>{t('admin_kyc_submitted')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.userId}>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => setOpen(row.userId)}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {row.userId}
                  </Button>
                </Table.Td>
                <Table.Td fz="sm">{formatDateTime(row.submittedAt, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}

function KycReview({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const review = useQuery({ queryKey: [...KEY, userId], queryFn: () => getKycReview(userId) });
  const decide = useMutation({
    mutationFn: (approved: boolean) => (approved ? approveKyc(userId) : refuseKyc(userId, reason.trim())),
    onSuccess: () => {
      notifyDone(t('admin_done'));
      void queryClient.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
  return (
    <Stack gap="md">
      <Group>
        <BackButton onClick={onDone} />
        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {userId}
        </Text>
      </Group>
      <QueryState query={review}>
        {(r) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(['front', 'back'] as const).map((side) =>
                r[side] ? (
                  <Image
                    key={side}
                    src={r[side].url}
                    alt={t(side === 'front' ? 'admin_kyc_front' : 'admin_kyc_back')}
                    radius="md"
                  />
                ) : null,
              )}
            </SimpleGrid>
            <Textarea
              label={t('admin_kyc_reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={500}
            />
            <FormAlert message={decide.error ? errorText(decide.error, t) : null} />
            <Group justify="flex-end">
              <Button
                variant="light"
                color="red"
                disabled={!reason.trim()}
                loading={decide.isPending && decide.variables === false}
                onClick={() => decide.mutate(false)}
              >
                {t('admin_kyc_refuse')}
              </Button>
              <Button loading={decide.isPending && decide.variables === true} onClick={() => decide.mutate(true)}>
                {t('admin_kyc_approve')}
              </Button>
            </Group>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
