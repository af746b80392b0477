import { type MantineSpacing, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from './FormAlert';
import type { ApiForm } from './useApiForm';

export interface FormStackProps {
  // biome-ignore lint/suspicious/noExplicitAny: any form's values
  form: ApiForm<any>;
  /** The buttons (and what follows them), under the form's alert. */
  actions: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}

/**
 * A useApiForm form drawn the one way: the <form> (Enter submits, the browser's own checks off),
 * its fields in a column, the form's alert, then the buttons.
 */
export function FormStack({ form, actions, gap = 'md', children }: FormStackProps) {
  return (
    <form ref={form.ref} onSubmit={(e) => void form.submit(e)} noValidate>
      <Stack gap={gap}>
        {children}
        <FormAlert message={form.alert} />
        {actions}
      </Stack>
    </form>
  );
}
