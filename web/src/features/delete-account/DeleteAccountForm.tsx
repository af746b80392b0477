import { Alert, Box, Button, Checkbox, Group, PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormStack } from '../../components/FormStack';
import { Icon } from '../../components/Icon';
import { useApiForm } from '../../components/useApiForm';
import { checkPassword, deleteAccount } from './api';
import { deleteFormSchema } from './logic';

/**
 * The deletion form: the warning, the password (when the account has one, checked first), the
 * confirmation box; onDeleted once the server has erased the account.
 */
export function DeleteAccountForm({ needsPassword, onDeleted }: { needsPassword: boolean; onDeleted: () => void }) {
  const { t } = useTranslation();
  const form = useApiForm({
    initialValues: { password: '', confirm: false },
    schema: deleteFormSchema(needsPassword),
    // The box is focused first when both are missing.
    fields: ['confirm', 'password'],
    submit: async ({ password }) => {
      if (needsPassword) await checkPassword({ password });
      await deleteAccount({ confirm: true, password: needsPassword ? password : '' });
    },
    onSuccess: onDeleted,
  });

  return (
    <FormStack
      form={form}
      gap="lg"
      actions={
        <Group justify="flex-end">
          {/* red.9: white on the default red.6 is 3.3:1 (axe color-contrast). */}
          <Button
            type="submit"
            color="red.9"
            size="md"
            loading={form.busy}
            leftSection={<Icon name="trash" size={18} />}
          >
            {t('delete_account_submit')}
          </Button>
        </Group>
      }
    >
      <Alert color="red" variant="light" title={t('delete_account_warning_title')} icon={<Icon name="trash" />}>
        {t('delete_account_warning')}
      </Alert>
      {needsPassword && (
        <PasswordInput
          {...form.field('password')}
          label={t('delete_account_password_label')}
          autoComplete="current-password"
          size="md"
        />
      )}
      <Box>
        <Checkbox
          {...form.form.getInputProps('confirm', { type: 'checkbox' })}
          name="confirm"
          color="red"
          label={t('delete_account_confirm_label')}
        />
      </Box>
    </FormStack>
  );
}
