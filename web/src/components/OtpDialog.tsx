import { Button, Group, Text } from '@mantine/core';
import { OTP_LENGTH } from '@portico/contracts';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountModal } from './AccountModal';
import { CodeStep } from './CodeStep';
import { useCodeStep } from './useCodeStep';

export interface OtpDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Where the code went, e.g. 'Enter the 6-digit code sent to a@b.c.' */
  description?: ReactNode;
  /** Seconds until a resend is allowed (the server's `times`). */
  seconds: number;
  /** Sends the code again; resolves to the new countdown (seconds). A throw is shown in the dialog. */
  onResend: () => Promise<number>;
  /** Checks the 6-digit code; a throw (wrong, expired code...) is shown in the dialog and keeps it open. */
  onConfirm: (code: string) => Promise<void>;
  /** Label of the confirm button (default 'Confirm'). */
  confirmLabel?: ReactNode;
  /**
   * The code's field in the endpoint's error answers (default otp; the contact endpoints say Otp):
   * a wrong code is then said under the field, as on every code step, not in a box.
   */
  codeField?: string;
}

/**
 * The code popup of the account pages (spec account §4): the code step of the page kit
 * (useCodeStep.ts) in a modal, with a confirm button that appears only once the code has
 * 6 digits. Everything resets each time it opens.
 */
export function OtpDialog({
  opened,
  onClose,
  title,
  description,
  seconds,
  onResend,
  onConfirm,
  confirmLabel,
  codeField,
}: OtpDialogProps) {
  const { t } = useTranslation();
  const code = useCodeStep({
    emptyKey: 'otp_required',
    codeField,
    notifyResend: false,
    resend: () => onResend(),
    check: onConfirm,
    onChecked: () => undefined,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new code at each opening
  useEffect(() => {
    if (opened) code.start(seconds);
  }, [opened, seconds]);

  const complete = code.otp.length === OTP_LENGTH;
  // Enter checks only a whole code, like the button that appears with the sixth digit.
  const submit = async (event?: FormEvent) => {
    if (complete) return code.submit(event);
    event?.preventDefault();
  };

  return (
    <AccountModal opened={opened} onClose={onClose} title={title}>
      <CodeStep
        step={{ ...code, submit }}
        inputProps={{ 'data-autofocus': true }}
        before={
          description && (
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {description}
            </Text>
          )
        }
        actions={
          <Group justify="flex-end" gap="sm">
            <Button variant="default" type="button" onClick={onClose} disabled={code.checking}>
              {t('common_cancel')}
            </Button>
            {complete && (
              <Button type="submit" loading={code.checking} miw={120}>
                {confirmLabel ?? t('common_confirm')}
              </Button>
            )}
          </Group>
        }
      />
    </AccountModal>
  );
}
