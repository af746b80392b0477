import { Button, Group, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { CLAIM_TYPES, type RecoveryClaim, type RecoveryClaimInput } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { looseT } from '../../i18n/t';
import { splitApiError } from '../../lib/formErrors';
import { notifyDone } from '../../lib/notify';
import { HAS_PASSWORD_QUERY_KEY, hasPassword } from '../delete-account/api';
import { RECOVERY_QUERY_KEY, saveRecoveryClaim } from './api';
import { recoveryValueError } from './logic';

export const WAYS = [
  {
    type: CLAIM_TYPES.phoneRecovery,
    label: 'recovery_phone_label',
    edit: 'recovery_edit_phone',
    icon: 'phone',
    inputType: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
  },
  {
    type: CLAIM_TYPES.emailRecovery,
    label: 'recovery_email_label',
    edit: 'recovery_edit_email',
    icon: 'mail',
    inputType: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
] as const;

export interface RecoveryWayProps {
  way: (typeof WAYS)[number];
  value: string;
  editing: boolean;
  onEdit: () => void;
  onClose: () => void;
}

/** One recovery way: its value, the edit button, and in edit mode the form (value, account password). */
export function RecoveryWay({ way, value, editing, onEdit, onClose }: RecoveryWayProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const label = tr(way.label);
  // A recovery way can reset the password, so the account password confirms a change.
  const needsPassword =
    useQuery({ queryKey: HAS_PASSWORD_QUERY_KEY, queryFn: hasPassword, retry: false }).data === true;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" color="brand" aria-hidden>
            <Icon name={way.icon} size={20} />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{label}</Text>
            {value ? (
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            ) : (
              <Text fz="sm" c="dimmed" fs="italic">
                {t('recovery_not_set')}
              </Text>
            )}
          </Stack>
        </Group>
        {!editing && (
          <Button
            variant="light"
            size="compact-md"
            onClick={onEdit}
            aria-label={tr(way.edit)}
            style={{ flexShrink: 0 }}
          >
            {t('recovery_edit')}
          </Button>
        )}
      </Group>
      {editing && (
        <RecoveryWayForm way={way} value={value} label={label} needsPassword={needsPassword} onClose={onClose} />
      )}
    </Stack>
  );
}

function RecoveryWayForm({
  way,
  value,
  label,
  needsPassword,
  onClose,
}: Pick<RecoveryWayProps, 'way' | 'value' | 'onClose'> & { label: string; needsPassword: boolean }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: (body: RecoveryClaimInput) => saveRecoveryClaim(body),
    onSuccess: (saved) => {
      queryClient.setQueryData<RecoveryClaim[]>(RECOVERY_QUERY_KEY, saved);
      notifyDone(t('update_success'));
      onClose();
    },
    onError: (err) => {
      const split = splitApiError(err, ['claimValue', 'password'], tr);
      setPasswordError(split.fields.password ?? null);
      setError(split.fields.claimValue ?? (split.fields.password ? null : split.alert));
    },
  });

  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = recoveryValueError(way.type, draft);
    if (invalid) {
      setError(tr(invalid));
      input.current?.focus();
      return;
    }
    setError(null);
    if (needsPassword && !password) {
      setPasswordError(tr('error_password_empty'));
      return;
    }
    setPasswordError(null);
    save.mutate({ claimType: way.type, claimValue: draft.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" pl={{ base: 0, xs: 56 }}>
        <TextInput
          ref={input}
          name="claimValue"
          label={label}
          description={t('recovery_clear_hint')}
          type={way.inputType}
          inputMode={way.inputMode}
          autoComplete={way.autoComplete}
          size="md"
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          error={error}
        />
        {needsPassword && (
          <PasswordInput
            name="password"
            label={t('recovery_password_label')}
            autoComplete="current-password"
            size="md"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={passwordError}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" type="button" onClick={onClose} disabled={save.isPending}>
            {t('common_cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} miw={120}>
            {t('common_update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
