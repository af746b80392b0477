import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { setPasswordInput } from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormStack } from '../../components/FormStack';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useApiForm } from '../../components/useApiForm';
import { REQUIRE_PASSWORD_KEY, setPassword } from './api';

/** Set a first password (spec §4: an account without one): new and confirm, no current password. */
export function SetPasswordForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useApiForm({
    initialValues: { password: '', rePassword: '' },
    schema: setPasswordInput(),
    submit: (v) => setPassword({ password: v.password.trim(), rePassword: v.rePassword.trim() }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('set_password_success') });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: REQUIRE_PASSWORD_KEY });
    },
  });

  return (
    <FormStack
      form={form}
      actions={
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={form.busy} miw={160}>
            {t('set_password_title')}
          </Button>
        </Group>
      }
    >
      <NewPasswordFields
        password={form.field('password')}
        repeat={form.field('rePassword')}
        labels={{ password: t('password_new_label'), repeat: t('password_confirm_label') }}
      />
    </FormStack>
  );
}
