import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { checkPasswordInput } from '@portico/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/client';
import { looseT } from '../../i18n/t';
import { checkPassword } from './api';

export interface PasswordModalProps {
  opened: boolean;
  onClose: () => void;
  /** Runs once the password is confirmed (reset, new recovery codes); the modal stays busy until it settles. */
  onConfirmed: () => Promise<void>;
}

/**
 * The password confirmation in front of reset and new recovery codes (spec account §2, §5):
 * empty gives error_password_empty under the field; a wrong password gives invalid_password
 * and closes the modal.
 */
export function PasswordModal({ opened, onClose, onConfirmed }: PasswordModalProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkPasswordInput.safeParse({ password });
    if (!parsed.success) {
      setError(tr(parsed.error.issues[0]?.message ?? 'error_password_empty'));
      return;
    }
    setBusy(true);
    try {
      await checkPassword({ password });
      await onConfirmed();
      close();
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : null;
      if (key === 'invalid_password') close();
      notifications.show({ color: 'red', message: errorText(err, tr), autoClose: 3000 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('two_factor_password_modal_title')} centered size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <PasswordInput
            name="password"
            label={t('two_factor_password_label')}
            autoComplete="current-password"
            size="md"
            data-autofocus
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common_cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common_confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
