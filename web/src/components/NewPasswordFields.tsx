import { PasswordInput, type PasswordInputProps, Stack } from '@mantine/core';
import type { Ref } from 'react';
import { PasswordStrength } from './PasswordStrength';

type FieldProps = PasswordInputProps & { value?: unknown };

export interface NewPasswordFieldsProps {
  /** The new password's props (useApiForm's field('password') or the page's own). */
  password: FieldProps;
  /** Its repeat. */
  repeat: FieldProps;
  labels: { password: string; repeat: string };
  passwordRef?: Ref<HTMLInputElement>;
}

/** A new password with the strength meter and guide, then its repeat (register, reset, change, set). */
export function NewPasswordFields({ password, repeat, labels, passwordRef }: NewPasswordFieldsProps) {
  return (
    <>
      <Stack gap={8}>
        <PasswordInput ref={passwordRef} {...password} label={labels.password} autoComplete="new-password" size="md" />
        <PasswordStrength value={String(password.value ?? '').trim()} />
      </Stack>
      <PasswordInput {...repeat} label={labels.repeat} autoComplete="new-password" size="md" />
    </>
  );
}
