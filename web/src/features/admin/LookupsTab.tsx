import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LOOKUP_KINDS, type LookupKind, type MessageKey } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { FormAlert } from '../../components/FormAlert';
import { QueryState } from '../../components/QueryState';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { ADMIN_QUERY_KEY, addLookup, changeLookup, listLookups } from './api';
import { ToneBadge } from './ToneBadge';

const KEY = [...ADMIN_QUERY_KEY, 'lookups'];
type Entry = Awaited<ReturnType<typeof listLookups>>[number];

/**
 * Lookups (contracts/src/lookups.ts): the schools, companies and block categories profiles pick
 * from, kept through the back office's own endpoints (lookups:write) with the operator's sign-in.
 */
export function LookupsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<LookupKind>('school');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [name, setName] = useState('');
  const [nameEn, setNameEn] = useState('');
  const entries = useQuery({ queryKey: [...KEY, kind, q], queryFn: () => listLookups(kind, q) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const add = useMutation({
    mutationFn: () => addLookup(kind, name, nameEn.trim() || null),
    onSuccess: async () => {
      setName('');
      setNameEn('');
      await refresh();
      notifyDone(t('admin_done'));
    },
  });

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('admin_lookups_intro')}
      </Text>
      <Group grow align="flex-end" wrap="wrap">
        <Select
          label={t('admin_lookup_kind')}
          data={LOOKUP_KINDS.map((k) => ({ value: k, label: t(`admin_lookup_kind_${k}` as MessageKey) }))}
          value={kind}
          onChange={(value) => value && setKind(value as LookupKind)}
          allowDeselect={false}
        />
        <TextInput label={t('admin_lookup_search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t('admin_lookup_name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
            required
            style={{ flex: '1 1 200px' }}
          />
          <TextInput
            label={t('admin_lookup_name_en')}
            value={nameEn}
            onChange={(e) => setNameEn(e.currentTarget.value)}
            maxLength={200}
            style={{ flex: '1 1 200px' }}
          />
          <Button type="submit" loading={add.isPending}>
            {t('admin_lookup_add')}
          </Button>
        </Group>
        <FormAlert message={add.error ? errorText(add.error, t) : null} />
      </form>
      <QueryState query={entries} empty={t('admin_lookup_empty')}>
        {(rows) => (
          <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label={t('admin_nav_lookups')}>
            <Table.Tbody>
              {rows.map((entry) => (
                <LookupRow key={entry.id} entry={entry} onChanged={refresh} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}

function LookupRow({ entry, onChanged }: { entry: Entry; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(entry.name);
  const change = useMutation({
    mutationFn: (fields: { name?: string; active?: boolean }) => changeLookup(entry.id, fields),
    onSuccess: async () => {
      setEditing(false);
      await onChanged();
      notifyDone(t('admin_done'));
    },
    onError: (error) => notifyFailed(error, t),
  });
  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              change.mutate({ name });
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <TextInput
                aria-label={t('admin_lookup_name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                size="xs"
                maxLength={200}
                required
              />
              <Button type="submit" size="xs" loading={change.isPending}>
                {t('admin_lookup_save')}
              </Button>
            </Group>
          </form>
        ) : (
          <Group gap={6}>
            <Text fz="sm">{entry.name}</Text>
            {entry.nameEn && (
              <Text fz="xs" c="dimmed">
                {entry.nameEn}
              </Text>
            )}
            {!entry.active && (
              <ToneBadge size="sm" tone="neutral">
                {t('admin_lookup_retired')}
              </ToneBadge>
            )}
          </Group>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {!editing && (
            <Button variant="default" size="compact-sm" onClick={() => setEditing(true)}>
              {t('admin_lookup_rename')}
            </Button>
          )}
          <Button
            variant="default"
            size="compact-sm"
            loading={change.isPending && !editing}
            onClick={() => change.mutate({ active: !entry.active })}
          >
            {t(entry.active ? 'admin_lookup_retire' : 'admin_lookup_restore')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
