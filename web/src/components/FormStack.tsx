import { type MantineSpacing, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFirstPaint } from '../lib/firstPaintContext';
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
  // In the server's first paint no script listens yet: a dialog-method form outside a dialog
  // submits nowhere, so Enter there does not reload the page with the field in its address.
  const firstPaint = useFirstPaint();
  return (
    <form ref={form.ref} onSubmit={(e) => void form.submit(e)} noValidate method={firstPaint ? 'dialog' : undefined}>
      <Stack gap={gap}>
        {children}
        <FormAlert message={form.alert} />
        {actions}
      </Stack>
    </form>
  );
}
