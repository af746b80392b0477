import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { UserAddress } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openConfirm } from '../../chrome/openConfirm';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { postToHost } from '../../embed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { ADDRESS_QUERY_KEY, deleteAddress, listAddresses } from './api';
import { useAddressBase } from './useAddressBase';

/**
 * The address book (spec account §2 Address book): the default first, then the newest; each
 * with name, address and phone, edit, and delete for all but the default; add goes to id 0.
 * Embedded (/address), each also has select, which hands the address to the host.
 */
export function AddressBookPage() {
  const { t } = useTranslation();
  const { base, to, embedded } = useAddressBase();
  usePageTitle('menu_address');
  const addresses = useQuery({ queryKey: ADDRESS_QUERY_KEY, queryFn: listAddresses, retry: false });
  const add = (
    <Button component={Link} to={to(`${base}/0`)} leftSection={<Icon name="plus" size={18} />}>
      {t('address_add')}
    </Button>
  );
  return (
    <AccountPage title={t('menu_address')} intro={t('address_intro')} actions={add}>
      <QueryState
        query={addresses}
        isEmpty={(list) => list.length === 0}
        empty={
          <AccountCard>
            <Text c="dimmed">{t('address_empty')}</Text>
          </AccountCard>
        }
      >
        {(list) => (
          <Stack gap="md">
            {list.map((address) => (
              <AddressCard
                key={address.id}
                address={address}
                editTo={to(`${base}/${address.id}`)}
                selectable={embedded}
              />
            ))}
          </Stack>
        )}
      </QueryState>
    </AccountPage>
  );
}

/** `selectable`: the embedded book, whose select action hands the address to the host (contracts/src/embed.ts). */
function AddressCard({ address, editTo, selectable }: { address: UserAddress; editTo: string; selectable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteAddress(address.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADDRESS_QUERY_KEY });
      notifyDone(t('address_noti_delete'));
    },
    onError: (err) => notifyFailed(err, t),
  });
  const confirmDelete = () =>
    openConfirm({
      title: t('address_delete_title'),
      centered: true,
      radius: 'lg',
      children: <Text fz="sm">{t('address_delete_confirm')}</Text>,
      labels: { confirm: t('address_delete'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });
  const select = () => {
    postToHost('address_selected', { address });
    notifyDone(t('address_selected', { name: address.name }));
  };
  const line = [address.address, ...address.localityNames.filter(Boolean)].join(', ');
  return (
    <article aria-label={address.name}>
      <AccountCard>
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Group gap="xs">
              <Text fw={600}>{address.name}</Text>
              {address.isDefaultAddress && (
                <Badge color="teal" variant="light">
                  {t('address_default_badge')}
                </Badge>
              )}
              <Badge color="gray" variant="light">
                {t(address.addressType === 2 ? 'address_type_company' : 'address_type_house')}
              </Badge>
            </Group>
            <Group gap="md">
              {selectable && (
                <Button
                  size="compact-sm"
                  onClick={select}
                  aria-label={t('address_select_named', { name: address.name })}
                >
                  {t('address_select')}
                </Button>
              )}
              <Anchor
                component={Link}
                to={editTo}
                fw={500}
                aria-label={t('address_edit_named', { name: address.name })}
              >
                {t('address_edit')}
              </Anchor>
              {!address.isDefaultAddress && (
                <Anchor
                  component="button"
                  type="button"
                  c="red.8"
                  fw={500}
                  onClick={confirmDelete}
                  disabled={remove.isPending}
                  aria-label={t('address_delete_named', { name: address.name })}
                >
                  {t('address_delete')}
                </Anchor>
              )}
            </Group>
          </Group>
          {address.company && <Text size="sm">{address.company}</Text>}
          <Text size="sm">{line}</Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {address.phoneNumber}
            </Text>
            <Badge size="sm" variant="light" color={address.scheme === 2 ? 'brand' : 'gray'}>
              {t(address.scheme === 2 ? 'address_scheme_badge_2' : 'address_scheme_badge_3')}
            </Badge>
          </Group>
        </Stack>
      </AccountCard>
    </article>
  );
}

export default AddressBookPage;
