import { Alert, Box, Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { looseT } from '../../i18n/t';
import { splitApiError, translateKeys } from '../../lib/formErrors';
import { checkPassword, deleteAccount } from './api';
import { deleteFormErrors } from './logic';

/**
 * The deletion form: the warning, the password (when the account has one, checked first), the
 * confirmation box; onDeleted once the server has erased the account.
 */
export function DeleteAccountForm({ needsPassword, onDeleted }: { needsPassword: boolean; onDeleted: () => void }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const [confirm, setConfirm] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const remove = useMutation({
    mutationFn: async () => {
      if (needsPassword) await checkPassword({ password });
      await deleteAccount({ confirm: true, password: needsPassword ? password : '' });
    },
    onSuccess: onDeleted,
    onError: (err) => {
      const split = splitApiError(err, ['confirm', 'password'], tr);
      setErrors(split.fields);
      setAlert(split.alert);
      if (split.fields.password) passwordRef.current?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const invalid = deleteFormErrors({ confirm, password }, needsPassword);
    if (Object.keys(invalid).length > 0) {
      setErrors(translateKeys(invalid, tr));
      (invalid.confirm ? confirmRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    remove.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
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
            loading={remove.isPending}
            leftSection={<Icon name="trash" size={18} />}
          >
            {t('delete_account_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
