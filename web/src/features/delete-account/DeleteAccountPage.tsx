import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { Icon } from '../../components/Icon';
import { postToHost } from '../../embed/bridge';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { splitApiError, translateKeys } from '../../lib/formErrors';
import { useAuth } from '../auth/OidcSession';
import { clearSignInStorage } from '../logout/clearStorage';
import { checkPassword, deleteAccount, HAS_PASSWORD_QUERY_KEY, hasPassword } from './api';
import { DELETE_ACCOUNT_MESSAGE, deleteFormErrors, SIGN_OUT_AFTER_MS } from './logic';

export interface DeleteAccountPageProps {
  /** /delete-account in the mobile app: no card chrome. */
  embedded?: boolean;
}

/**
 * Delete account (spec account §2, §4, §5): the confirmation checkbox, the password unless the
 * account has none (checked first), then the deletion; the toast, the host is told, and after
 * 1 s local storage is cleared and the user signed out.
 */
export function DeleteAccountPage({ embedded = false }: DeleteAccountPageProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const auth = useAuth();
  const withPassword = useQuery({ queryKey: HAS_PASSWORD_QUERY_KEY, queryFn: hasPassword, retry: false });
  const [confirm, setConfirm] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  usePageTitle('menu_delete');

  /** Clears local storage and signs out; if the provider cannot be reached, forgets the user and goes to /login. */
  const leave = () => {
    clearSignInStorage();
    const out = auth ? auth.signOut(locale) : Promise.reject(new Error('no auth'));
    out.catch(async () => {
      await auth?.forget();
      navigate(to('/login'), { replace: true });
    });
  };

  const needsPassword = withPassword.data === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const invalid = deleteFormErrors({ confirm, password }, needsPassword);
    if (Object.keys(invalid).length > 0) {
      setErrors(translateKeys(invalid, tr));
      (invalid.confirm ? confirmRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (needsPassword) await checkPassword({ password });
      await deleteAccount({ confirm: true, password: needsPassword ? password : '' });
      notifications.show({ color: 'teal', message: t('delete_account_success') });
      postToHost(DELETE_ACCOUNT_MESSAGE);
      setDeleted(true);
      // Not tied to this page's lifetime: a 401 elsewhere may unmount it first.
      window.setTimeout(leave, SIGN_OUT_AFTER_MS);
    } catch (err) {
      const split = splitApiError(err, ['confirm', 'password'], tr);
      setErrors(split.fields);
      setAlert(split.alert);
      if (split.fields.password) passwordRef.current?.focus();
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={640} mx={embedded ? undefined : 'auto'} w="100%">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('menu_delete')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('delete_account_intro')}
        </Text>
      </div>
      <Paper withBorder={!embedded} radius="lg" p={embedded ? 0 : { base: 'md', sm: 'xl' }} bg="white">
        {withPassword.isPending ? (
          <Center py="xl" role="status" aria-label={t('app_loading')}>
            <Loader type="dots" />
          </Center>
        ) : withPassword.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
            {errorText(withPassword.error, tr)}
          </Alert>
        ) : deleted ? (
          <Alert color="teal" variant="light" role="status" icon={<Icon name="check" />}>
            <Group gap="sm" wrap="nowrap">
              <Text fz="sm">{t('delete_account_success')}</Text>
              <Loader size="xs" />
            </Group>
          </Alert>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="lg">
              <Alert color="red" variant="light" title={t('delete_account_warning_title')} icon={<Icon name="trash" />}>
                {t('delete_account_warning')}
              </Alert>
              {needsPassword && (
                <PasswordInput
                  ref={passwordRef}
                  name="password"
                  label={t('delete_account_password_label')}
                  autoComplete="current-password"
                  size="md"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={errors.password}
                />
              )}
              <Box>
                <Checkbox
                  ref={confirmRef}
                  name="confirm"
                  color="red"
                  label={t('delete_account_confirm_label')}
                  checked={confirm}
                  onChange={(e) => setConfirm(e.currentTarget.checked)}
                  error={errors.confirm}
                />
              </Box>
              {alert && (
                <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
                  {alert}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button
                  type="submit"
                  color="red"
                  size="md"
                  loading={busy}
                  leftSection={<Icon name="trash" size={18} />}
                >
                  {t('delete_account_submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}

export default DeleteAccountPage;

/** /delete-account: the embedded variant. */
export function EmbeddedDeleteAccountPage() {
  return <DeleteAccountPage embedded />;
}
