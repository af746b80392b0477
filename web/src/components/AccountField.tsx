import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

/** The account field of the sign-in pages: an e-mail or a phone number (login, forgot password). */
export const AccountField = forwardRef<HTMLInputElement, TextInputProps>(function AccountField(props, ref) {
  const { t } = useTranslation();
  return (
    <TextInput
      ref={ref}
      label={t('login_username_label')}
      placeholder={t('login_username_placeholder')}
      autoComplete="username"
      inputMode="email"
      size="md"
      leftSection={<Icon name="user" size={18} />}
      {...props}
    />
  );
});
