import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CLAIM_TYPES, type RecoveryClaim, type RecoveryClaimType } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { Icon } from '../../components/Icon';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { splitApiError } from '../../lib/formErrors';
import { HAS_PASSWORD_QUERY_KEY, hasPassword } from '../delete-account/api';
import { listRecoveryClaims, RECOVERY_QUERY_KEY, saveRecoveryClaim } from './api';
import { recoveryValueError } from './logic';

const WAYS = [
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

/**
 * Recovery ways (spec account §2 Recovery ways, §3 User claim (recovery)): the recovery phone and
 * the recovery e-mail, each shown and edited in place, checked (VN mobile / e-mail format) and
 * saved as the phone_number_recovery / email_recovery claims. Saving an empty value removes one.
 */
export function RecoveryWaysPage() {
  const { t } = useTranslation();
  const claims = useQuery({ queryKey: RECOVERY_QUERY_KEY, queryFn: listRecoveryClaims, retry: false });
  const [editing, setEditing] = useState<RecoveryClaimType | null>(null);
  usePageTitle('menu_recovery_ways');

  const savedValue = (type: RecoveryClaimType) => claims.data?.find((c) => c.claimType === type)?.claimValue ?? '';

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('menu_recovery_ways')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('recovery_intro')}
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white">
        {claims.isPending ? (
          <Center py="xl" role="status" aria-label={t('app_loading')}>
            <Loader type="dots" />
          </Center>
        ) : claims.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
            {errorText(claims.error, t)}
          </Alert>
        ) : (
          <Stack gap="md">
            {WAYS.map((way, i) => (
              <Stack key={way.type} gap="md">
                {i > 0 && <Divider />}
                <RecoveryWay
                  way={way}
                  value={savedValue(way.type)}
                  editing={editing === way.type}
                  onEdit={() => setEditing(way.type)}
                  onClose={() => setEditing(null)}
                />
              </Stack>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

export default RecoveryWaysPage;

function RecoveryWay({
  way,
  value,
  editing,
  onEdit,
  onClose,
}: {
  way: (typeof WAYS)[number];
  value: string;
  editing: boolean;
  onEdit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  // A recovery way can reset the password, so the account password confirms a change.
  const needsPassword =
    useQuery({ queryKey: HAS_PASSWORD_QUERY_KEY, queryFn: hasPassword, retry: false }).data === true;
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!editing) return;
    setDraft(value);
    setError(null);
    setPassword('');
    setPasswordError(null);
    input.current?.focus();
  }, [editing, value]);

  const submit = async (event: FormEvent) => {
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
    setBusy(true);
    try {
      const saved = await saveRecoveryClaim({ claimType: way.type, claimValue: draft.trim(), password });
      queryClient.setQueryData<RecoveryClaim[]>(RECOVERY_QUERY_KEY, saved);
      notifications.show({ color: 'teal', message: t('update_success') });
      onClose();
    } catch (err) {
      const split = splitApiError(err, ['claimValue', 'password'], tr);
      setPasswordError(split.fields.password ?? null);
      setError(split.fields.claimValue ?? (split.fields.password ? null : split.alert));
    } finally {
      setBusy(false);
    }
  };

  const label = tr(way.label);

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
        <form onSubmit={(e) => void submit(e)} noValidate>
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
              <Button variant="default" type="button" onClick={onClose} disabled={busy}>
                {t('common_cancel')}
              </Button>
              <Button type="submit" loading={busy} miw={120}>
                {t('common_update')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
