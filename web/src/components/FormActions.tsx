import { Button, Group, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormActionsProps {
  /** The submit button's label. */
  submit: ReactNode;
  busy: boolean;
  /** Shows a cancel button (disabled while busy). */
  onCancel?: () => void;
  size?: MantineSize;
  /** The submit button's least width, so its label and its loader take the same room. */
  miw?: number;
}

/** The end of a form: cancel (when it has one) and the submit button, on the right. */
export function FormActions({ submit, busy, onCancel, size = 'sm', miw = 120 }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" size={size} type="button" onClick={onCancel} disabled={busy}>
          {t('common_cancel')}
        </Button>
      )}
      <Button type="submit" size={size} loading={busy} miw={miw}>
        {submit}
      </Button>
    </Group>
  );
}
