import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { type Passkey, passkeyNameInput } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../chrome/openConfirm';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useApiForm } from '../../components/useApiForm';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { formatDateTime } from '../../lib/format';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { passkeyCancelled, passkeysSupported } from '../../lib/passkeyCeremony';
import { addPasskey, listPasskeys, PASSKEYS_KEY, removePasskey, renamePasskey } from './api';

/** A first name for a new passkey: the browser and system it is made on (product names, not text to translate). */
function suggestedName(): string {
  const ua = navigator.userAgent;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iPhone'
      : /Mac OS X/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  return [browser, system].filter(Boolean).join(' · ');
}

/** What the name dialog is for: a new passkey (then the browser's dialog) or renaming one. */
type Naming = { kind: 'add' } | { kind: 'rename'; passkey: Passkey };

/**
 * Passkeys (/security/passkeys, issue 32 point 1): the person's passkeys with when each was made
 * and last used, Add (a name, the step-up proof, then the browser's own dialog), Rename and Remove
 * (confirmed; the server refuses to remove the last way in).
 */
export function PasskeysPage() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  usePageTitle('menu_passkeys');
  const supported = passkeysSupported();
  const [naming, setNaming] = useState<Naming | null>(null);
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: listPasskeys, retry: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => removePasskey(passkey.id),
    onSuccess: (_answer, passkey) => notifyDone(t('passkeys_removed', { name: passkey.name })),
    onError: (err) => notifyFailed(err, tr),
    onSettled: refresh,
  });
  const confirmRemove = (passkey: Passkey) =>
    openConfirm({
      title: t('passkeys_remove_title'),
      centered: true,
      children: <Text fz="sm">{t('passkeys_remove_confirm', { name: passkey.name })}</Text>,
      labels: { confirm: t('passkeys_remove'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(passkey),
    });

  return (
    <AccountPage
      title={t('menu_passkeys')}
      intro={t('passkeys_intro')}
      width={760}
      actions={
        <Button
          leftSection={<Icon name="passkey" size={18} />}
          disabled={!supported}
          onClick={() => setNaming({ kind: 'add' })}
        >
          {t('passkeys_add')}
        </Button>
      }
    >
      {!supported && (
        <Alert color="yellow" variant="light">
          {t('passkeys_unsupported')}
        </Alert>
      )}
      <QueryState query={passkeys} empty={t('passkeys_empty')}>
        {(list) => (
          <Stack gap="md" component="ul" p={0} m={0} aria-label={t('menu_passkeys')}>
            {list.map((passkey) => (
              <PasskeyCard
                key={passkey.id}
                passkey={passkey}
                busy={remove.isPending && remove.variables?.id === passkey.id}
                onRename={() => setNaming({ kind: 'rename', passkey })}
                onRemove={() => confirmRemove(passkey)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <NameModal naming={naming} onClose={() => setNaming(null)} onSaved={refresh} />
    </AccountPage>
  );
}

function PasskeyCard({
  passkey,
  busy,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  busy: boolean;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const titleId = `passkey-${passkey.id}`;
  return (
    <Paper component="li" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="white" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color="brand" aria-hidden>
            <Icon name="passkey" size={20} />
          </ThemeIcon>
          <Stack gap={4} miw={0} flex={1}>
            <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {passkey.name}
            </Title>
            <Badge variant="light" color={passkey.synced ? 'brand' : 'gray'} tt="none" fw={600}>
              {t(passkey.synced ? 'passkeys_synced' : 'passkeys_single_device')}
            </Badge>
            <Text fz="sm" c="dimmed">
              {t('passkeys_created')}: {formatDateTime(passkey.createdTime, locale)} · {t('passkeys_last_used')}:{' '}
              {passkey.lastUsedTime ? formatDateTime(passkey.lastUsedTime, locale) : t('passkeys_never_used')}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            size="sm"
            onClick={onRename}
            aria-label={t('passkeys_rename_named', { name: passkey.name })}
          >
            {t('passkeys_rename')}
          </Button>
          <Button
            variant="default"
            c="red.9"
            size="sm"
            loading={busy}
            onClick={onRemove}
            aria-label={t('passkeys_remove_named', { name: passkey.name })}
          >
            {t('passkeys_remove')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The name of a passkey: before making one (then the step-up proof if asked, and the browser's
 * dialog), or to rename one. Closing the browser's dialog is not an error: the modal says nothing
 * was made and stays open.
 */
function NameModal({ naming, onClose, onSaved }: { naming: Naming | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const adding = naming?.kind === 'add';
  const form = useApiForm({
    initialValues: { name: '' },
    schema: passkeyNameInput,
    submit: async ({ name }) => {
      if (naming?.kind === 'rename') return renamePasskey(naming.passkey.id, name.trim());
      return addPasskey(name.trim());
    },
    onSuccess: (passkey) => {
      notifyDone(t(adding ? 'passkeys_added' : 'passkeys_renamed', { name: passkey.name }));
      onSaved();
      close();
    },
    onError: (err) => {
      if (!passkeyCancelled(err)) return false;
      form.setAlert(t('passkeys_cancelled'));
      return true;
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const opened = naming !== null;
  // The form starts from the suggestion or the current name each time the modal opens.
  const [shownFor, setShownFor] = useState<Naming | null>(null);
  if (opened && shownFor !== naming) {
    setShownFor(naming);
    form.form.setValues({ name: naming.kind === 'rename' ? naming.passkey.name : suggestedName() });
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(adding ? 'passkeys_name_title' : 'passkeys_rename')}
      centered
      closeButtonProps={{ 'aria-label': t('common_close') }}
    >
      <form ref={form.ref} onSubmit={(e) => void form.submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.field('name')}
            label={t('passkeys_name_label')}
            description={t('passkeys_name_hint')}
            maxLength={64}
            data-autofocus
          />
          <FormAlert message={form.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={form.busy}>
              {t('common_cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t(adding ? 'passkeys_add' : 'common_save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default PasskeysPage;
