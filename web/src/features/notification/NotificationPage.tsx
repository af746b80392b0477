import { Accordion, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import {
  masterSwitchOn,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationConfig,
  type NotificationItem,
  withMasterSwitch,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { notifyDone } from '../../lib/notify';
import { getNotificationConfig, NOTIFICATION_QUERY_KEY, saveNotificationConfig } from './api';
import { changedItems, groupsOf, itemKey } from './groups';

const CHANNEL_LABEL = {
  email: 'notification_channel_email',
  web: 'notification_channel_web',
  app: 'notification_channel_app',
} as const satisfies Record<NotificationChannel, string>;

/**
 * Notification settings (spec account §2 /notification, §4 the master switch): the master switch,
 * then the modules grouped by block, each opening to its e-mail / web / app switches; Update saves
 * the whole list.
 */
export function NotificationPage() {
  const { t } = useTranslation();
  usePageTitle('menu_notification');
  const config = useQuery({ queryKey: NOTIFICATION_QUERY_KEY, queryFn: getNotificationConfig, retry: false });
  return (
    <AccountPage title={t('menu_notification')} intro={t('notification_intro')}>
      <QueryState
        query={config}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <AccountCard>
            <Text c="dimmed">{t('notification_empty')}</Text>
          </AccountCard>
        }
      >
        {(data) => <NotificationForm config={data} />}
      </QueryState>
    </AccountPage>
  );
}

function NotificationForm({ config }: { config: NotificationConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<NotificationItem[]>(config.items);
  const [items, setItems] = useState<NotificationItem[]>(config.items);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    // Only what changed is sent: a module left alone keeps following its product's defaults.
    mutationFn: () =>
      saveNotificationConfig({
        items: changedItems(saved, items).map(({ blockId, moduleName, notificationGroup }) => ({
          blockId,
          moduleName,
          notificationGroup,
        })),
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(NOTIFICATION_QUERY_KEY, answer);
      setSaved(answer.items);
      setItems(answer.items);
      setError(null);
      notifyDone(t('update_success'));
    },
    onError: (err) => setError(errorText(err, t)),
  });
  const setChannel = (key: string, channel: NotificationChannel, on: boolean) =>
    setItems((list) =>
      list.map((item) =>
        itemKey(item) !== key
          ? item
          : {
              ...item,
              notificationGroup: NOTIFICATION_CHANNELS.filter((c) =>
                c === channel ? on : item.notificationGroup.includes(c),
              ),
            },
      ),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <AccountCard>
          <Switch
            size="md"
            label={t('notification_master_switch')}
            description={t('notification_master_hint')}
            checked={masterSwitchOn(items)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setItems((list) => withMasterSwitch(list, on));
            }}
          />
        </AccountCard>
        {groupsOf(config.blocks, items).map((group) => (
          <AccountCard key={group.blockId ?? ''}>
            <Stack gap="sm">
              <div>
                <Title order={2} fz="lg">
                  {group.title ?? t('notification_general')}
                </Title>
                {group.name && (
                  <Text c="dimmed" size="sm">
                    {group.name}
                  </Text>
                )}
              </div>
              <Accordion multiple variant="separated" radius="md">
                {group.items.map((item) => (
                  <ModuleChannels key={itemKey(item)} item={item} onChange={setChannel} />
                ))}
              </Accordion>
            </Stack>
          </AccountCard>
        ))}
        <FormAlert message={error} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending} miw={140}>
            {t('common_update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ModuleChannels({
  item,
  onChange,
}: {
  item: NotificationItem;
  onChange: (key: string, channel: NotificationChannel, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const key = itemKey(item);
  const summary = item.notificationGroup.length
    ? item.notificationGroup.map((c) => t(CHANNEL_LABEL[c])).join(' · ')
    : t('notification_channels_none');
  return (
    <Accordion.Item value={key}>
      <Accordion.Control icon={<Icon name="bell" size={18} />}>
        <Text fw={500}>{item.title}</Text>
        <Text c="dimmed" size="sm">
          {summary}
        </Text>
      </Accordion.Control>
      <Accordion.Panel>
        <Group gap="xl" role="group" aria-label={t('notification_channels_named', { name: item.title })}>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <Switch
              key={channel}
              label={t(CHANNEL_LABEL[channel])}
              checked={item.notificationGroup.includes(channel)}
              onChange={(e) => onChange(key, channel, e.currentTarget.checked)}
            />
          ))}
        </Group>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

export default NotificationPage;
