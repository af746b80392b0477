import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ProfileCard } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { openConfirm } from '../../chrome/openConfirm';
import { Icon } from '../../components/Icon';
import { useLocale } from '../../hooks/useLocale';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { createProfile, deleteProfile, makeProfileDefault, PROFILES_QUERY_KEY, profileKey } from './api';
import { ProfileAvatar } from './ProfileAvatar';

/**
 * The profile cards (spec account §2 Profiles): avatar, display name and role, the default
 * marked, a menu with edit / use / delete; the add card's display name opens the new profile.
 */
export function ProfileCards({ cards, current }: { cards: ProfileCard[]; current: number | null }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.id} card={card} current={card.id === current} />
      ))}
      <AddCard />
    </SimpleGrid>
  );
}

function Card({ card, current }: { card: ProfileCard; current: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The list only: an open profile's form keeps what is being typed.
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY, exact: true });
  const use = useMutation({
    mutationFn: () => makeProfileDefault(card.id),
    onSuccess: async () => {
      await refresh();
      notifyDone(t('noti_use'));
    },
    onError: (err) => notifyFailed(err, t),
  });
  const remove = useMutation({
    mutationFn: () => deleteProfile(card.id),
    onSuccess: async () => {
      // The deleted profile is forgotten, and left when open, before the list is read again.
      queryClient.removeQueries({ queryKey: profileKey(card.id) });
      if (current) navigate(to('/account/profile'));
      await refresh();
      notifyDone(t('noti_delete'));
    },
    onError: (err) => notifyFailed(err, t),
  });
  const confirmDelete = () =>
    openConfirm({
      title: t('profiles_delete'),
      centered: true,
      radius: 'lg',
      children: <Text fz="sm">{t('profiles_delete_confirm', { name: card.displayName })}</Text>,
      labels: { confirm: t('profiles_delete'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      bg="white"
      // The open profile is outlined in the brand colour (a tinted background would dim its badge's contrast).
      style={current ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
      aria-current={current ? 'page' : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ProfileAvatar name={card.displayName} src={card.avatar} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={to(`/account/profile/${card.id}`)} fw={600} c="dark" truncate>
            {card.displayName}
          </Anchor>
          {card.role && (
            <Text fz="sm" c="dimmed" lineClamp={2}>
              {card.role}
            </Text>
          )}
          {card.isDefault && (
            <Badge color="teal" variant="light" size="sm" mt={4}>
              {t('profiles_default_badge')}
            </Badge>
          )}
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('profiles_menu', { name: card.displayName })}>
              <span aria-hidden>⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={to(`/account/profile/${card.id}?isEdit=true`)}>
              {t('profiles_edit')}
            </Menu.Item>
            {!card.isDefault && <Menu.Item onClick={() => use.mutate()}>{t('profiles_use')}</Menu.Item>}
            <Menu.Item color="red" onClick={confirmDelete}>
              {t('profiles_delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}

/** The add card: a display name (profile_name_required), then the new profile's page. */
function AddCard() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => createProfile(name.trim()),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY, exact: true });
      notifyDone(t('noti_add'));
      setName('');
      navigate(to(`/account/profile/${id}?isEdit=true`));
    },
    onError: (err) => setError(errorText(err, t)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('profile_name_required'));
    setError(null);
    add.mutate();
  };
  return (
    <Paper withBorder radius="lg" p="md" bg="white" style={{ borderStyle: 'dashed' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Text fw={600}>{t('profiles_add_title')}</Text>
          <TextInput
            name="displayName"
            label={t('profiles_add_name')}
            value={name}
            maxLength={100}
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
          />
          <Button type="submit" variant="light" loading={add.isPending} leftSection={<Icon name="plus" size={16} />}>
            {t('profiles_add_submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
