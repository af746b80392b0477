import { Text } from '@mantine/core';
import type { UserContact } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../chrome/openConfirm';
import { withAddress } from '../../components/AddressText';
import { looseT } from '../../i18n/t';
import type { ContactKindConfig } from '../../lib/contactKinds';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { contactInfoQuery } from '../../queries/contactInfo';
import {
  activateContact,
  contactsKey,
  deleteContact,
  deleteContactByOtp,
  sendContactOtp,
  setAllowLogin,
  setPrimaryContact,
} from './api';
import { contactActions, type LabelledContact } from './logic';

/** The open code popup: verify an unconfirmed entry, or delete a confirmed one. */
export type CodeDialog = { mode: 'verify' | 'delete'; name: string; times: number };

/**
 * The writes of the e-mail and phone lists: each row action runs as one mutation with that row
 * busy, failures toast the server's message (spec account §8); verify and delete-by-code open the
 * code popup, whose confirm and resend are here too.
 */
export function useContactActions(config: ContactKindConfig) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<CodeDialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contactsKey(config.type) }),
      queryClient.invalidateQueries({ queryKey: contactInfoQuery.queryKey }),
    ]);

  const openCode = (next: CodeDialog) => {
    setDialog(next);
    setDialogOpen(true);
  };

  const action = useMutation({
    mutationFn: ({ work }: { entry: UserContact; work: () => Promise<void> }) => work(),
    onError: (err) => notifyFailed(err, tr),
  });
  const run = (entry: UserContact, work: () => Promise<void>) => action.mutate({ entry, work });
  const sendCode = async (entry: UserContact, mode: CodeDialog['mode']) => {
    const { times } = await sendContactOtp({
      emailPhoneName: entry.name,
      action: mode === 'verify' ? 'activate' : 'delete',
    });
    openCode({ mode, name: entry.name, times });
  };
  const update = (entry: UserContact, write: () => Promise<unknown>) =>
    run(entry, async () => {
      await write();
      await refresh();
      notifyDone(t('update_success'));
    });

  const remove = (entry: LabelledContact) => {
    const mode = contactActions(entry).remove;
    if (mode === 'code') return run(entry, () => sendCode(entry, 'delete'));
    if (mode !== 'direct') return;
    openConfirm({
      title: withAddress((name) => t('contact_delete_title', { name }), entry.name),
      centered: true,
      radius: 'lg',
      children: <Text fz="sm">{tr(config.keys.deleteConfirm)}</Text>,
      labels: { confirm: t('contact_delete'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        run(entry, async () => {
          await deleteContact(entry.id);
          await refresh();
          notifyDone(tr(config.keys.deleted));
        }),
    });
  };

  /** The sign-in address changes: asked first, then named in one toast (issue 34 point 8). */
  const setPrimary = (entry: UserContact) =>
    openConfirm({
      title: withAddress((name) => t('contact_set_primary_aria', { name }), entry.name),
      centered: true,
      radius: 'lg',
      children: <Text fz="sm">{withAddress((name) => tr(config.keys.primaryConfirm, { name }), entry.name)}</Text>,
      labels: { confirm: t('contact_set_primary'), cancel: t('common_cancel') },
      onConfirm: () =>
        run(entry, async () => {
          await setPrimaryContact(entry.id);
          await refresh();
          notifyDone(tr(config.keys.primaryDone, { name: entry.name }));
        }),
    });

  const confirmCode = async (code: string) => {
    if (!dialog) return;
    if (dialog.mode === 'verify') {
      await activateContact({ PhoneEmailName: dialog.name, Otp: code });
      notifyDone(tr(config.keys.verified));
    } else {
      await deleteContactByOtp({ PhoneEmailName: dialog.name, Otp: code });
      notifyDone(tr(config.keys.deleted));
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
    notifyDone(tr(config.keys.added));
    void refresh();
    openCode({ mode: 'verify', name, times });
  };

  return {
    /** The id of the row whose action runs. */
    pending: action.isPending ? action.variables.entry.id : null,
    verify: (entry: UserContact) => run(entry, () => sendCode(entry, 'verify')),
    setPrimary,
    allowLogin: (entry: UserContact, isAllow: boolean) => update(entry, () => setAllowLogin(entry.id, isAllow)),
    remove,
    added,
    code: { dialog, opened: dialogOpen, close: () => setDialogOpen(false), confirm: confirmCode, resend: resendCode },
  };
}
