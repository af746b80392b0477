import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { UserContact } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { Icon } from '../../components/Icon';
import { OtpDialog } from '../../components/OtpDialog';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { splitApiError } from '../../lib/formErrors';
import { useAppSettings } from '../settings/useAppSettings';
import {
  activateContact,
  CONTACT_INFO_KEY,
  contactExists,
  contactsKey,
  createContact,
  deleteContact,
  deleteContactByOtp,
  listContacts,
  sendContactOtp,
  setAllowLogin,
  setPrimaryContact,
} from './api';
import { CONTACT_KINDS, type ContactKind, type ContactKindConfig } from './kinds';
import { canAddContact, contactActions, type LabelledContact, labelContacts } from './logic';

/** The open code popup: verify an unconfirmed entry, or delete a confirmed one. */
type CodeDialog = { mode: 'verify' | 'delete'; name: string; times: number };

/**
 * /account/email and /account/phone (spec account §2 E-mail page / Phone page, §4, §5, §8): the
 * entries with verified tick, primary mark and label; allow-login and set primary (confirmed,
 * non-primary), verify (unconfirmed, code popup), delete (unconfirmed after a confirm, confirmed
 * with a code sent to it, never the primary); the add link while the count is at most
 * MaximumEmailOrPhone. One component for both, parameterised by kind.
 */
export function ContactsPage({ kind }: { kind: ContactKind }) {
  const config = CONTACT_KINDS[kind];
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const queryClient = useQueryClient();
  const { settings } = useAppSettings();
  usePageTitle(config.keys.title);

  const key = contactsKey(config.type);
  const list = useQuery({ queryKey: key, queryFn: () => listContacts(config.type) });
  const entries = labelContacts(list.data ?? []);
  const maximum = settings.configs.maximumEmailOrPhone;

  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<CodeDialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [pending, setPending] = useState<number | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: CONTACT_INFO_KEY }),
    ]);
  const toast = (message: string) => notifications.show({ color: 'teal', message });
  const toastError = (err: unknown) => notifications.show({ color: 'red', message: errorText(err, t) });

  const openCode = (next: CodeDialog) => {
    setDialog(next);
    setDialogOpen(true);
  };

  /** Runs a row action with that row busy; failures show the server's message (spec §8). */
  const run = async (entry: UserContact, work: () => Promise<void>) => {
    setPending(entry.id);
    try {
      await work();
    } catch (err) {
      toastError(err);
    } finally {
      setPending(null);
    }
  };

  const verify = (entry: UserContact) =>
    run(entry, async () => {
      const { times } = await sendContactOtp({ emailPhoneName: entry.name, action: 'activate' });
      openCode({ mode: 'verify', name: entry.name, times });
    });

  const setPrimary = (entry: UserContact) =>
    run(entry, async () => {
      await setPrimaryContact(entry.id);
      await refresh();
      toast(t('update_success'));
    });

  const allowLogin = (entry: UserContact, isAllow: boolean) =>
    run(entry, async () => {
      await setAllowLogin(entry.id, isAllow);
      await refresh();
      toast(t('update_success'));
    });

  const remove = (entry: LabelledContact) => {
    const mode = contactActions(entry).remove;
    if (mode === 'code') {
      void run(entry, async () => {
        const { times } = await sendContactOtp({ emailPhoneName: entry.name, action: 'delete' });
        openCode({ mode: 'delete', name: entry.name, times });
      });
      return;
    }
    if (mode !== 'direct') return;
    modals.openConfirmModal({
      title: t('contact_delete_title', { name: entry.name }),
      centered: true,
      radius: 'lg',
      children: <Text fz="sm">{tr(config.keys.deleteConfirm)}</Text>,
      labels: { confirm: t('contact_delete'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void run(entry, async () => {
          await deleteContact(entry.id);
          await refresh();
          toast(tr(config.keys.deleted));
        }),
    });
  };

  const confirmCode = async (code: string) => {
    if (!dialog) return;
    if (dialog.mode === 'verify') {
      await activateContact({ PhoneEmailName: dialog.name, Otp: code });
      toast(tr(config.keys.verified));
    } else {
      await deleteContactByOtp({ PhoneEmailName: dialog.name, Otp: code });
      toast(tr(config.keys.deleted));
    }
    setDialogOpen(false);
    await refresh();
  };

  const resendCode = async () => {
    if (!dialog) return 0;
    const { times } = await sendContactOtp({
      emailPhoneName: dialog.name,
      action: dialog.mode === 'verify' ? 'activate' : 'delete',
    });
    return times;
  };

  const added = (name: string, times: number) => {
    setAdding(false);
    toast(tr(config.keys.added));
    void refresh();
    openCode({ mode: 'verify', name, times });
  };

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Center py="xl" role="status" aria-label={t('app_loading')}>
        <Loader type="dots" />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
        <Group justify="space-between" gap="sm">
          <span>{errorText(list.error, t)}</span>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('common_retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (entries.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl" bg="white">
        <Stack align="center" gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <Icon name={kind === 'email' ? 'mail' : 'phone'} size={24} />
          </ThemeIcon>
          <Text c="dimmed" ta="center">
            {tr(config.keys.empty)}
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" aria-label={tr(config.keys.list)} p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <ContactRow
            key={entry.id}
            entry={entry}
            config={config}
            busy={pending === entry.id}
            onVerify={() => void verify(entry)}
            onSetPrimary={() => void setPrimary(entry)}
            onAllowLogin={(value) => void allowLogin(entry, value)}
            onDelete={() => remove(entry)}
          />
        ))}
      </Stack>
    );
  }

  const showAdd = list.isSuccess && canAddContact(entries.length, maximum);

  return (
    <Box maw={760} mx="auto" w="100%">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 320px' }}>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {tr(config.keys.title)}
            </Title>
            <Text c="dimmed" fz="sm">
              {tr(config.keys.intro)}
            </Text>
          </Stack>
          {showAdd && (
            <Button onClick={() => setAdding(true)} leftSection={<PlusIcon />}>
              {tr(config.keys.add)}
            </Button>
          )}
        </Group>
        {body}
        {list.isSuccess && (
          <Group justify="flex-end">
            <Anchor component={Link} to={to(`/account/change-${kind}`)} fz="sm" fw={500}>
              {tr(config.keys.changeLink)}
            </Anchor>
          </Group>
        )}
      </Stack>

      <AddContactModal config={config} opened={adding} onClose={() => setAdding(false)} onAdded={added} />

      <OtpDialog
        opened={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title={
          dialog?.mode === 'delete'
            ? t('contact_delete_code_title', { name: dialog.name })
            : t('contact_verify_title', { name: dialog?.name ?? '' })
        }
        description={
          dialog?.mode === 'delete'
            ? t('contact_delete_code_intro', { target: dialog.name })
            : t('otp_sent_to', { target: dialog?.name ?? '' })
        }
        seconds={dialog?.times ?? 0}
        onResend={resendCode}
        onConfirm={confirmCode}
        confirmLabel={dialog?.mode === 'delete' ? t('contact_delete') : t('common_confirm')}
      />
    </Box>
  );
}

export function EmailPage() {
  return <ContactsPage kind="email" />;
}

export function PhonePage() {
  return <ContactsPage kind="phone" />;
}

function PlusIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      aria-hidden="true"
    >
      <line x1="12" y1="5" x2="12" y2="19" />
      <line x1="5" y1="12" x2="19" y2="12" />
    </svg>
  );
}

interface ContactRowProps {
  entry: LabelledContact;
  config: ContactKindConfig;
  busy: boolean;
  onVerify: () => void;
  onSetPrimary: () => void;
  onAllowLogin: (value: boolean) => void;
  onDelete: () => void;
}

function ContactRow({ entry, config, busy, onVerify, onSetPrimary, onAllowLogin, onDelete }: ContactRowProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const actions = contactActions(entry);
  const name = entry.name;

  return (
    <Paper component="li" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="white" aria-busy={busy}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
          <ThemeIcon size={40} radius="md" variant="light" color={entry.isConfirmed ? 'brand' : 'gray'}>
            <Icon name={config.kind === 'email' ? 'mail' : 'phone'} size={20} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fz="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
              {tr(config.keys.label, { n: entry.n })}
            </Text>
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {entry.isConfirmed && (
                <ThemeIcon
                  size={18}
                  radius="xl"
                  color="teal"
                  role="img"
                  aria-label={t('contact_verified')}
                  title={t('contact_verified')}
                  style={{ flex: 'none' }}
                >
                  <Icon name="check" size={12} />
                </ThemeIcon>
              )}
            </Group>
            {(entry.isPrimary || !entry.isConfirmed) && (
              <Group gap={6}>
                {entry.isPrimary && (
                  <Badge size="sm" variant="filled" color="brand">
                    {t('contact_primary')}
                  </Badge>
                )}
                {!entry.isConfirmed && (
                  <Badge size="sm" variant="light" color="orange">
                    {t('contact_unverified')}
                  </Badge>
                )}
              </Group>
            )}
            {actions.allowLogin && (
              <Checkbox
                mt={6}
                size="sm"
                name="allowLogin"
                label={t('contact_allow_login')}
                aria-label={t('contact_allow_login_aria', { name })}
                checked={entry.allowLogin}
                disabled={busy}
                onChange={(e) => onAllowLogin(e.currentTarget.checked)}
              />
            )}
          </Stack>
        </Group>
        <Group gap="md" wrap="wrap" justify="flex-end" ml={{ base: 56, xs: 0 }}>
          {busy && <Loader size="xs" type="dots" />}
          {actions.verify && (
            <Anchor
              component="button"
              type="button"
              fz="sm"
              fw={600}
              onClick={onVerify}
              disabled={busy}
              aria-label={t('contact_verify_aria', { name })}
            >
              {t('common_verify')}
            </Anchor>
          )}
          {actions.setPrimary && (
            <Anchor
              component="button"
              type="button"
              fz="sm"
              fw={600}
              onClick={onSetPrimary}
              disabled={busy}
              aria-label={t('contact_set_primary_aria', { name })}
            >
              {t('contact_set_primary')}
            </Anchor>
          )}
          {actions.remove && (
            <Anchor
              component="button"
              type="button"
              fz="sm"
              fw={600}
              c="red.7"
              onClick={onDelete}
              disabled={busy}
              aria-label={t('contact_delete_aria', { name })}
            >
              {t('contact_delete')}
            </Anchor>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

interface AddContactModalProps {
  config: ContactKindConfig;
  opened: boolean;
  onClose: () => void;
  /** Called once the unconfirmed entry exists and its code was sent. */
  onAdded: (name: string, times: number) => void;
}

/** Add e-mail / add phone: format rule, existence check, then create (spec account §4, §5). */
function AddContactModal({ config, opened, onClose, onAdded }: AddContactModalProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setValue('');
    setError(null);
    setBusy(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = value.trim();
    const invalid = config.validate(name);
    if (invalid) {
      setError(tr(invalid));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      if (await contactExists(name)) {
        setError(tr(config.alreadyKey));
        return;
      }
      const { times } = await createContact(config.type, name);
      reset();
      onAdded(name, times);
    } catch (err) {
      const split = splitApiError(err, ['Name'], tr);
      setError(split.fields.Name ?? split.alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={reset}
      title={tr(config.keys.add)}
      centered
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': t('common_close') }}
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            name="Name"
            label={tr(config.keys.inputLabel)}
            description={tr(config.keys.addHint)}
            type={config.input.type}
            inputMode={config.input.inputMode}
            autoComplete={config.input.autoComplete}
            placeholder={config.input.placeholder ? tr(config.input.placeholder) : '0912345678'}
            size="md"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" type="button" onClick={onClose} disabled={busy}>
              {t('common_cancel')}
            </Button>
            <Button type="submit" loading={busy} miw={120}>
              {t('contact_add_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
