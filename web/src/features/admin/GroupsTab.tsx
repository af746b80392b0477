import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  isAdminPermission,
  MEMBER_KINDS,
  type MessageKey,
  type PermissionGroup,
  PRODUCT_SCOPES,
  type ProductScope,
  permissionNameKey,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { QueryState } from '../../components/QueryState';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { AdminCard } from './AdminCard';
import { ADMIN_QUERY_KEY, addGroupMember, deleteGroup, getGroups, putGroup, removeGroupMember } from './api';
import { confirmAction } from './confirmAction';

const KEY = [...ADMIN_QUERY_KEY, 'groups'];
type Kind = (typeof MEMBER_KINDS)[number];
type Draft = { code: string; name: string; permissions: ProductScope[]; isNew: boolean };

/** A group holding an admin console permission is the command line's (contracts/src/permissions.ts). */
const isProtected = (group: PermissionGroup) => group.permissions.some(isAdminPermission);

/**
 * The back office's groups (contracts/src/permissions.ts): their permissions and members, kept
 * through the permissions API (permissions:write) with the operator's sign-in.
 */
export function GroupsTab() {
  const { t } = useTranslation();
  const groups = useQuery({ queryKey: KEY, queryFn: getGroups });
  const [editing, setEditing] = useState<Draft | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text fz="sm" c="dimmed" maw={640}>
          {t('admin_groups_intro')}
        </Text>
        <Button onClick={() => setEditing({ code: '', name: '', permissions: [], isNew: true })}>
          {t('admin_group_add')}
        </Button>
      </Group>
      <QueryState query={groups} empty={t('admin_groups_empty')}>
        {(rows) => (
          <Stack gap="md">
            {rows.map((group) => (
              <GroupCard
                key={group.code}
                group={group}
                onEdit={() =>
                  setEditing({
                    code: group.code,
                    name: group.name,
                    permissions: group.permissions as ProductScope[],
                    isNew: false,
                  })
                }
              />
            ))}
          </Stack>
        )}
      </QueryState>
      {editing && (
        <GroupForm initial={editing} taken={groups.data?.map((g) => g.code) ?? []} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function GroupCard({ group, onEdit }: { group: PermissionGroup; onEdit: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('user');
  const [id, setId] = useState('');
  const locked = isProtected(group);
  const saved = async () => {
    await queryClient.invalidateQueries({ queryKey: KEY });
    notifyDone(t('admin_done'));
  };
  const add = useMutation({
    mutationFn: () => addGroupMember(group.code, kind, id),
    onSuccess: async () => {
      setId('');
      await saved();
    },
  });
  const remove = useMutation({
    mutationFn: (member: { kind: Kind; id: string }) => removeGroupMember(group.code, member.kind, member.id),
    onSuccess: saved,
    onError: (error) => notifyFailed(error, t),
  });
  const drop = useMutation({
    mutationFn: () => deleteGroup(group.code),
    onSuccess: saved,
    onError: (e) => notifyFailed(e, t),
  });
  return (
    <AdminCard
      id={`group-${group.code}`}
      title={group.name}
      subtitle={locked ? `${group.code} · ${t('admin_group_protected_note')}` : group.code}
      actions={
        !locked && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={onEdit}>
              {t('admin_group_edit')}
            </Button>
            <Button
              variant="light"
              color="red"
              size="xs"
              loading={drop.isPending}
              onClick={() =>
                confirmAction({
                  title: t('admin_group_delete'),
                  text: t('admin_group_confirm_delete', { name: group.name }),
                  confirm: t('admin_confirm'),
                  cancel: t('admin_cancel'),
                  onConfirm: () => drop.mutate(),
                })
              }
            >
              {t('admin_group_delete')}
            </Button>
          </Group>
        )
      }
    >
      <Group gap={6} mb="sm">
        {group.permissions.map((p) => (
          <Badge key={p} size="sm" variant="outline" color="blue.8" tt="none" title={p}>
            {t(permissionNameKey(p) as MessageKey)}
          </Badge>
        ))}
      </Group>
      <Text fz="sm" fw={500}>
        {t('admin_group_members')}
      </Text>
      <Stack gap={4} my="xs">
        {group.members.map((member) => (
          <Group key={`${member.kind}:${member.id}`} gap="xs" wrap="nowrap">
            <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {member.id}
            </Text>
            <Text fz="xs" c="dimmed">
              {t(member.kind === 'user' ? 'admin_group_member_user' : 'admin_group_member_client')}
            </Text>
            {!locked && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t('admin_group_member_remove', { id: member.id })}
                onClick={() => remove.mutate(member)}
              >
                <Icon name="trash" size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      {!locked && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Select
              label={t('admin_group_member_kind')}
              data={MEMBER_KINDS.map((k) => ({
                value: k,
                label: t(k === 'user' ? 'admin_group_member_user' : 'admin_group_member_client'),
              }))}
              value={kind}
              onChange={(value) => value && setKind(value as Kind)}
              allowDeselect={false}
              size="xs"
            />
            <TextInput
              label={t('admin_group_member_id')}
              value={id}
              onChange={(e) => setId(e.currentTarget.value)}
              size="xs"
              maxLength={100}
              required
            />
            <Button type="submit" size="xs" loading={add.isPending}>
              {t('admin_group_member_add')}
            </Button>
          </Group>
          <FormAlert message={add.error ? errorText(add.error, t) : null} />
        </form>
      )}
    </AdminCard>
  );
}

/** `taken`: the codes there are; the call creates or replaces, so a new group may not take one. */
function GroupForm({ initial, taken, onClose }: { initial: Draft; taken: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const exists = initial.isNew && taken.includes(draft.code.trim());
  const save = useMutation({
    mutationFn: () => putGroup(draft.code.trim(), draft.name, draft.permissions),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      notifyDone(t('admin_done'));
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t(initial.isNew ? 'admin_group_add' : 'admin_group_edit')} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('admin_group_code')}
              value={draft.code}
              onChange={(e) => setDraft({ ...draft, code: e.currentTarget.value })}
              disabled={!initial.isNew}
              maxLength={64}
              required
              error={exists ? t('admin_group_exists') : undefined}
            />
            <TextInput
              label={t('admin_group_name')}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              maxLength={100}
              required
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('admin_group_permissions')}
            value={draft.permissions}
            onChange={(value) => setDraft({ ...draft, permissions: value as ProductScope[] })}
          >
            <Stack gap={6} mt={4}>
              {PRODUCT_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={t(permissionNameKey(scope) as MessageKey)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <FormAlert message={save.error ? errorText(save.error, t) : null} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('admin_cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={exists}>
              {t('admin_group_save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
