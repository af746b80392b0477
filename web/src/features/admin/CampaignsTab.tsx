import { Button, Checkbox, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import {
  type AdminCampaign,
  CAMPAIGN_ACTIONS,
  type CampaignFields,
  type CampaignState,
  type MessageKey,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../components/CopyValueButton';
import { FormAlert } from '../../components/FormAlert';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { formatDateTime } from '../../lib/format';
import { splitApiError } from '../../lib/formErrors';
import { notifyDone } from '../../lib/notify';
import { ADMIN_QUERY_KEY, createCampaign, getCampaigns, updateCampaign } from './api';
import { type Tone, ToneBadge } from './ToneBadge';

const KEY = [...ADMIN_QUERY_KEY, 'campaigns'];
const STATE_TONE: Record<CampaignState, Tone> = {
  off: 'neutral',
  scheduled: 'info',
  running: 'positive',
  ended: 'neutral',
};

type Draft = {
  id: number | null;
  name: string;
  action: '1' | '2';
  data: string;
  starts: string;
  ends: string;
  active: boolean;
};

const blank: Draft = { id: null, name: '', action: '1', data: '', starts: '', ends: '', active: true };

/** An ISO time as a datetime-local field shows it (the browser's own time zone), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const draftOf = (c: AdminCampaign): Draft => ({
  id: c.id,
  name: c.name,
  action: String(c.loggedInAction) as Draft['action'],
  data: c.data,
  starts: toLocalInput(c.startsAt),
  ends: toLocalInput(c.endsAt),
  active: c.active,
});

/** Sign-in campaigns (contracts/src/campaigns.ts): made, scheduled, switched off; each with its sign-in link. */
export function CampaignsTab() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const campaigns = useQuery({ queryKey: KEY, queryFn: getCampaigns });
  const [editing, setEditing] = useState<Draft | null>(null);
  const windowOf = (c: AdminCampaign) =>
    c.startsAt || c.endsAt
      ? [c.startsAt, c.endsAt].map((when) => (when ? formatDateTime(when, locale) : '…')).join(' – ')
      : t('admin_campaign_always');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text fz="sm" c="dimmed" maw={640}>
          {t('admin_campaigns_intro')}
        </Text>
        <Button onClick={() => setEditing(blank)}>{t('admin_campaigns_add')}</Button>
      </Group>
      <QueryState query={campaigns} empty={t('admin_campaigns_empty')}>
        {(rows) => (
          <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('admin_nav_campaigns')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin_campaign_name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('admin_campaign_window')}</Table.Th>
                <Table.Th visibleFrom="md">{t('admin_campaign_link')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {c.name || `#${c.id}`}
                    </Text>
                    <Group gap={6} mt={4}>
                      <ToneBadge size="sm" tone={STATE_TONE[c.state]}>
                        {t(`admin_campaign_state_${c.state}` as MessageKey)}
                      </ToneBadge>
                      <Text fz="xs" c="dimmed">
                        {t(`admin_campaign_action_${c.loggedInAction}` as MessageKey)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" fz="sm">
                    {windowOf(c)}
                  </Table.Td>
                  <Table.Td visibleFrom="md">
                    <Group gap={4} wrap="nowrap">
                      <Text fz="xs" ff="monospace" truncate maw={260}>
                        {c.loginUrl}
                      </Text>
                      <CopyValueButton value={c.loginUrl} />
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      variant="default"
                      size="compact-sm"
                      onClick={() => setEditing(draftOf(c))}
                      aria-label={`${t('admin_campaign_edit')}: ${c.name || `#${c.id}`}`}
                    >
                      {t('admin_campaign_edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {editing && <CampaignForm initial={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function CampaignForm({ initial, onClose }: { initial: Draft; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const save = useMutation({
    mutationFn: () => {
      const fields: CampaignFields = {
        name: draft.name,
        loggedInAction: draft.action === '1' ? CAMPAIGN_ACTIONS.goToUrl : CAMPAIGN_ACTIONS.htmlPopup,
        data: draft.data,
        active: draft.active,
        startsAt: fromLocalInput(draft.starts),
        endsAt: fromLocalInput(draft.ends),
      };
      return draft.id === null ? createCampaign(fields) : updateCampaign(draft.id, fields);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      notifyDone(t('admin_done'));
      onClose();
    },
  });
  // A field's refusal under it, the rest in the form's alert.
  const { fields: errors, alert } = save.error
    ? splitApiError(save.error, ['name', 'data', 'startsAt', 'endsAt'], looseT(t))
    : { fields: {} as Record<string, string>, alert: null };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(draft.id === null ? 'admin_campaigns_add' : 'admin_campaign_edit')}
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('admin_campaign_name')}
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            maxLength={100}
            required
          />
          <Select
            label={t('admin_campaign_action')}
            data={(['1', '2'] as const).map((value) => ({
              value,
              label: t(`admin_campaign_action_${value}` as MessageKey),
            }))}
            value={draft.action}
            onChange={(value) => value && set('action', value as Draft['action'])}
            allowDeselect={false}
          />
          {draft.action === '1' ? (
            <TextInput
              label={t('admin_campaign_url')}
              type="url"
              placeholder="https://"
              value={draft.data}
              onChange={(e) => set('data', e.currentTarget.value)}
              error={errors.data}
              required
            />
          ) : (
            <Textarea
              label={t('admin_campaign_html')}
              value={draft.data}
              onChange={(e) => set('data', e.currentTarget.value)}
              error={errors.data}
              autosize
              minRows={4}
              required
            />
          )}
          <Group grow align="flex-start">
            <TextInput
              label={t('admin_campaign_starts')}
              type="datetime-local"
              value={draft.starts}
              onChange={(e) => set('starts', e.currentTarget.value)}
              error={errors.startsAt}
            />
            <TextInput
              label={t('admin_campaign_ends')}
              type="datetime-local"
              value={draft.ends}
              onChange={(e) => set('ends', e.currentTarget.value)}
              error={errors.endsAt}
            />
          </Group>
          <Checkbox
            label={t('admin_campaign_active')}
            checked={draft.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          <FormAlert message={alert} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('admin_cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('admin_campaign_save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
