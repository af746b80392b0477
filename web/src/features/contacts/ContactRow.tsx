import { Anchor, Badge, Checkbox, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddressText } from '../../components/AddressText';
import { Icon } from '../../components/Icon';
import { looseT } from '../../i18n/t';
import type { ContactKindConfig } from '../../lib/contactKinds';
import { contactActions, type LabelledContact } from './logic';

export interface ContactRowProps {
  entry: LabelledContact;
  config: ContactKindConfig;
  busy: boolean;
  onVerify: () => void;
  onSetPrimary: () => void;
  onAllowLogin: (value: boolean) => void;
  onDelete: () => void;
}

/** A link-styled button of a row (verify, set primary, delete), named with the address. */
function RowAction({
  label,
  ariaLabel,
  onClick,
  disabled,
  danger = false,
}: {
  label: string;
  ariaLabel: string;
  onClick: () => void;
  disabled: boolean;
  danger?: boolean;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      fz="sm"
      fw={600}
      c={danger ? 'red.9' : undefined}
      onClick={onClick}
      disabled={disabled}
      aria-label={ariaLabel}
    >
      {label}
    </Anchor>
  );
}

/** One e-mail or phone: label, address, verified tick, primary / unverified marks, allow-login, its actions. */
export function ContactRow({ entry, config, busy, onVerify, onSetPrimary, onAllowLogin, onDelete }: ContactRowProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const actions = contactActions(entry);
  const name = entry.name;
  // The row's links, in this order: verify (unconfirmed), set primary (confirmed, not primary), delete (not primary).
  const links = [
    actions.verify && { label: t('common_verify'), ariaLabel: t('contact_verify_aria', { name }), onClick: onVerify },
    actions.setPrimary && {
      label: t('contact_set_primary'),
      ariaLabel: t('contact_set_primary_aria', { name }),
      onClick: onSetPrimary,
    },
    actions.remove && {
      label: t('contact_delete'),
      ariaLabel: t('contact_delete_aria', { name }),
      onClick: onDelete,
      danger: true,
    },
  ].filter((link) => !!link);

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
              <AddressText fw={600}>{name}</AddressText>
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
          {links.map((link) => (
            <RowAction key={link.label} {...link} onClick={link.onClick} disabled={busy} />
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
