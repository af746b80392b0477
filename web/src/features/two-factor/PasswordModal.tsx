import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { checkPasswordInput } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../components/FormAlert';
import { useApiForm } from '../../components/useApiForm';
import { checkPassword } from './api';

export interface PasswordModalProps {
  opened: boolean;
  /** What confirming does (shown above the field). */
  note?: string | null;
  onClose: () => void;
  /** Runs once the password is confirmed (reset, new recovery codes); the modal stays busy until it settles. */
  onConfirmed: () => Promise<void>;
}

/**
 * The password confirmation in front of reset and new recovery codes (spec account §2, §5):
 * empty gives error_password_empty under the field; a wrong password gives invalid_password
 * and closes the modal.
 */
export function PasswordModal({ opened, note, onClose, onConfirmed }: PasswordModalProps) {
  const { t } = useTranslation();
  const form = useApiForm({
    initialValues: { password: '' },
    schema: checkPasswordInput,
    submit: async (values) => {
      await checkPassword(values);
      await onConfirmed();
    },
    onSuccess: () => close(),
    onError: (error) => {
      if (!(error instanceof ApiError && error.messageKey === 'invalid_password')) return false;
      close();
      notifications.show({
        color: 'red',
        message: t('invalid_password'),
        autoClose: 3000,
        closeButtonProps: { 'aria-label': t('common_close') },
      });
      return true;
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('two_factor_password_modal_title')} centered>
      <form ref={form.ref} onSubmit={(e) => void form.submit(e)} noValidate>
        <Stack gap="md">
          {note && <Text fz="sm">{note}</Text>}
          <PasswordInput
            {...form.field('password')}
            label={t('two_factor_password_label')}
            autoComplete="current-password"
            data-autofocus
          />
          <FormAlert message={form.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={form.busy}>
              {t('common_cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t('common_confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
