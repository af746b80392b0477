import { Button, Checkbox, Code, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import {
  type AdminClient,
  CLIENT_AUTH_METHODS,
  CLIENT_GRANT_TYPES,
  CLIENT_USER_SCOPES,
  type ClientFields,
  type MessageKey,
  PRODUCT_SCOPES,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { CopyValueButton } from '../../components/CopyValueButton';
import { FormAlert } from '../../components/FormAlert';
import { QueryState } from '../../components/QueryState';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { ADMIN_QUERY_KEY, createClient, deleteClient, getClients, rotateSecret, updateClient } from './api';
import { confirmAction } from './confirmAction';
import { ToneBadge } from './ToneBadge';

const KEY = [...ADMIN_QUERY_KEY, 'clients'];
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

type Draft = { clientId: string; name: string; redirects: string; logoutRedirects: string; block: string } & Pick<
  ClientFields,
  'grantTypes' | 'scopes' | 'firstParty' | 'tokenAuth'
>;

const blank: Draft = {
  clientId: '',
  name: '',
  redirects: '',
  logoutRedirects: '',
  grantTypes: ['authorization_code', 'refresh_token'],
  scopes: ['openid', 'profile', 'email', 'offline_access'],
  firstParty: false,
  tokenAuth: 'client_secret_basic',
  block: '',
};

const draftOf = (c: AdminClient): Draft => ({
  clientId: c.clientId,
  name: c.name,
  redirects: c.redirectUris.join('\n'),
  logoutRedirects: c.postLogoutRedirectUris.join('\n'),
  grantTypes: c.grantTypes as Draft['grantTypes'],
  scopes: c.scopes as Draft['scopes'],
  firstParty: c.firstParty,
  tokenAuth: c.tokenAuth as Draft['tokenAuth'],
  block: c.blockId ?? '',
});

/** The provider's clients: the configured ones to read, the console's to add, edit, re-secret and remove. */
export function ClientsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const clients = useQuery({ queryKey: KEY, queryFn: getClients });
  const [editing, setEditing] = useState<{ draft: Draft; isNew: boolean } | null>(null);
  const [secret, setSecret] = useState<{ id: string; value: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const showSecret = (id: string, value: string | null) => value && setSecret({ id, value });

  const rotate = useMutation({
    mutationFn: rotateSecret,
    onSuccess: ({ client, secret: value }) => {
      showSecret(client.clientId, value);
      void refresh();
    },
    onError: (error) => notifyFailed(error, t),
  });
  const remove = useMutation({
    mutationFn: deleteClient,
    onSuccess: () => {
      notifyDone(t('admin_done'));
      void refresh();
    },
    onError: (error) => notifyFailed(error, t),
  });
  const ask = (message: MessageKey, id: string, confirm: MessageKey, run: () => void) =>
    confirmAction({
      title: t(confirm),
      text: t(message, { id }),
      confirm: t(confirm),
      cancel: t('admin_cancel'),
      onConfirm: run,
    });

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ draft: blank, isNew: true })}>{t('admin_clients_add')}</Button>
      </Group>
      <QueryState query={clients}>
        {(rows) => (
          <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('admin_nav_clients')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin_client_id')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('admin_client_grants')}</Table.Th>
                <Table.Th visibleFrom="md">{t('admin_client_redirects')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.clientId}>
                  <Table.Td>
                    <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {c.clientId}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {c.name}
                    </Text>
                    <ToneBadge size="xs" tone={c.source === 'console' ? 'info' : 'neutral'} mt={4}>
                      {t(`admin_client_source_${c.source}` as MessageKey)}
                    </ToneBadge>
                  </Table.Td>
                  <Table.Td fz="xs" visibleFrom="sm">
                    {c.grantTypes.join(', ')}
                  </Table.Td>
                  <Table.Td fz="xs" visibleFrom="md" style={{ overflowWrap: 'anywhere' }}>
                    {c.redirectUris.join(' ')}
                  </Table.Td>
                  <Table.Td>
                    {c.source === 'console' && (
                      <Group gap={4} justify="flex-end" wrap="wrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setEditing({ draft: draftOf(c), isNew: false })}
                        >
                          {t('admin_client_edit')}
                        </Button>
                        {c.tokenAuth !== 'none' && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            loading={rotate.isPending && rotate.variables === c.clientId}
                            onClick={() =>
                              ask('admin_client_confirm_rotate', c.clientId, 'admin_client_rotate', () =>
                                rotate.mutate(c.clientId),
                              )
                            }
                          >
                            {t('admin_client_rotate')}
                          </Button>
                        )}
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() =>
                            ask('admin_client_confirm_delete', c.clientId, 'admin_client_delete', () =>
                              remove.mutate(c.clientId),
                            )
                          }
                        >
                          {t('admin_client_delete')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {editing && (
        <ClientForm
          initial={editing.draft}
          isNew={editing.isNew}
          onClose={() => setEditing(null)}
          onSaved={(id, value) => {
            setEditing(null);
            notifyDone(t('admin_done'));
            showSecret(id, value);
            void refresh();
          }}
        />
      )}
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={t('admin_client_secret_title')}
        centered
        radius="lg"
      >
        {secret && (
          <Stack gap="sm">
            <Text fz="sm">{t('admin_client_secret_once', { id: secret.id })}</Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {secret.value}
            </Code>
            <CopyValueButton value={secret.value} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function ClientForm({
  initial,
  isNew,
  onClose,
  onSaved,
}: {
  initial: Draft;
  isNew: boolean;
  onClose: () => void;
  onSaved: (clientId: string, secret: string | null) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const save = useMutation({
    mutationFn: async () => {
      const fields: ClientFields = {
        name: draft.name,
        redirectUris: lines(draft.redirects),
        postLogoutRedirectUris: lines(draft.logoutRedirects),
        grantTypes: draft.grantTypes,
        scopes: draft.scopes,
        firstParty: draft.firstParty,
        tokenAuth: draft.tokenAuth,
        blockId: draft.block.trim() || null,
      };
      return isNew ? createClient(draft.clientId.trim(), fields) : updateClient(draft.clientId, fields);
    },
    onSuccess: ({ client, secret }) => onSaved(client.clientId, secret),
  });
  const toggle = <T extends string>(list: readonly T[], value: T, on: boolean) =>
    on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

  return (
    <Modal
      opened
      onClose={onClose}
      title={isNew ? t('admin_clients_add') : draft.clientId}
      centered
      radius="lg"
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          {isNew && (
            <TextInput
              label={t('admin_client_id')}
              value={draft.clientId}
              onChange={(e) => set('clientId', e.currentTarget.value)}
              required
            />
          )}
          <TextInput
            label={t('admin_client_name')}
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            required
          />
          <Textarea
            label={t('admin_client_redirects')}
            value={draft.redirects}
            onChange={(e) => set('redirects', e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Textarea
            label={t('admin_client_logout_redirects')}
            value={draft.logoutRedirects}
            onChange={(e) => set('logoutRedirects', e.currentTarget.value)}
            autosize
            minRows={1}
          />
          <Checkbox.Group label={t('admin_client_grants')} value={draft.grantTypes}>
            <Group gap="md" mt={4}>
              {CLIENT_GRANT_TYPES.map((g) => (
                <Checkbox
                  key={g}
                  value={g}
                  label={g}
                  onChange={(e) => set('grantTypes', toggle(draft.grantTypes, g, e.currentTarget.checked))}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group label={t('admin_client_scopes')} value={draft.scopes}>
            <Group gap="md" mt={4}>
              {[...CLIENT_USER_SCOPES, ...PRODUCT_SCOPES].map((s) => (
                <Checkbox
                  key={s}
                  value={s}
                  label={s}
                  onChange={(e) => set('scopes', toggle(draft.scopes, s, e.currentTarget.checked))}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Select
            label={t('admin_client_auth')}
            description={t('admin_client_public')}
            data={CLIENT_AUTH_METHODS.map((m) => ({ value: m, label: m }))}
            value={draft.tokenAuth}
            onChange={(value) => value && set('tokenAuth', value as Draft['tokenAuth'])}
            allowDeselect={false}
          />
          <TextInput
            label={t('admin_client_block')}
            placeholder={t('admin_client_block_none')}
            value={draft.block}
            onChange={(e) => set('block', e.currentTarget.value)}
            maxLength={64}
          />
          <Checkbox
            label={t('admin_client_first_party')}
            checked={draft.firstParty}
            onChange={(e) => set('firstParty', e.currentTarget.checked)}
          />
          <FormAlert message={save.error ? errorText(save.error, t) : null} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('admin_cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('admin_client_save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
