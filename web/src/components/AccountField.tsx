import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export interface AccountFieldProps extends TextInputProps {
  /** An e-mail address only (register), not an e-mail or a phone number (login, forgot password). */
  email?: boolean;
}

/** The account field of the sign-in pages. */
export const AccountField = forwardRef<HTMLInputElement, AccountFieldProps>(function AccountField(
  { email = false, ...props },
  ref,
) {
  const { t } = useTranslation();
  return (
    <TextInput
      ref={ref}
      type={email ? 'email' : undefined}
      label={email ? t('register_email_label') : t('login_username_label')}
      placeholder={email ? t('register_email_placeholder') : t('login_username_placeholder')}
      autoComplete={email ? 'email' : 'username'}
      inputMode="email"
      size="md"
      leftSection={<Icon name={email ? 'mail' : 'user'} size={18} />}
      {...props}
    />
  );
});
