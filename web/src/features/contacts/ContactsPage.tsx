import { Anchor, Box, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withAddress } from '../../components/AddressText';
import { Icon } from '../../components/Icon';
import { OtpDialog } from '../../components/OtpDialog';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { CONTACT_KINDS, type ContactKind } from '../../lib/contactKinds';
import { useAppSettings } from '../../settings/useAppSettings';
import { AddContactModal } from './AddContactModal';
import { contactsKey, listContacts } from './api';
import { ContactRow } from './ContactRow';
import { canAddContact, labelContacts } from './logic';
import { useContactActions } from './useContactActions';

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
  const { settings } = useAppSettings();
  usePageTitle(config.keys.title);

  const list = useQuery({ queryKey: contactsKey(config.type), queryFn: () => listContacts(config.type) });
  const entries = labelContacts(list.data ?? []);
  const actions = useContactActions(config);
  const { dialog, ...code } = actions.code;
  const [adding, setAdding] = useState(false);
  const icon = kind === 'email' ? 'mail' : 'phone';
  const showAdd = list.isSuccess && canAddContact(entries.length, settings.configs.maximumEmailOrPhone);

  return (
    <Box maw={760} mx="auto" w="100%">
      <Stack gap="lg">
        <PageHeader
          title={tr(config.keys.title)}
          intro={tr(config.keys.intro)}
          actions={
            showAdd && (
              <Button onClick={() => setAdding(true)} leftSection={<PlusIcon />}>
                {tr(config.keys.add)}
              </Button>
            )
          }
        />
        <QueryState
          query={{ ...list, data: list.data && entries }}
          isEmpty={(rows) => rows.length === 0}
          empty={
            <Paper withBorder radius="lg" p="xl" bg="white">
              <Stack align="center" gap="xs">
                <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                  <Icon name={icon} size={24} />
                </ThemeIcon>
                <Text c="dimmed" ta="center">
                  {tr(config.keys.empty)}
                </Text>
              </Stack>
            </Paper>
          }
        >
          {(rows) => (
            <Stack gap="sm" component="ul" aria-label={tr(config.keys.list)} p={0} m={0} style={{ listStyle: 'none' }}>
              {rows.map((entry) => (
                <ContactRow
                  key={entry.id}
                  entry={entry}
                  config={config}
                  busy={actions.pending === entry.id}
                  onVerify={() => actions.verify(entry)}
                  onSetPrimary={() => actions.setPrimary(entry)}
                  onAllowLogin={(value) => actions.allowLogin(entry, value)}
                  onDelete={() => actions.remove(entry)}
                />
              ))}
            </Stack>
          )}
        </QueryState>
        {/* A change needs something to change: none on an empty list (issue 34 point 7). */}
        {list.isSuccess && list.data.length > 0 && (
          <Group justify="flex-end">
            <Anchor component={Link} to={to(`/account/change-${kind}`)} fz="sm" fw={500}>
              {tr(config.keys.changeLink)}
            </Anchor>
          </Group>
        )}
      </Stack>

      <AddContactModal
        config={config}
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(name, times) => {
          setAdding(false);
          actions.added(name, times);
        }}
      />

      <OtpDialog
        codeField="Otp"
        opened={code.opened}
        onClose={code.close}
        title={withAddress(
          (name) => t(dialog?.mode === 'delete' ? 'contact_delete_code_title' : 'contact_verify_title', { name }),
          dialog?.name ?? '',
        )}
        description={withAddress(
          (target) => t(dialog?.mode === 'delete' ? 'contact_delete_code_intro' : 'otp_sent_to', { target }),
          dialog?.name ?? '',
        )}
        seconds={dialog?.times ?? 0}
        onResend={code.resend}
        onConfirm={code.confirm}
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
