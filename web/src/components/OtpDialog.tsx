import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { OTP_LENGTH } from '@portico/contracts';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/client';
import { Countdown } from './Countdown';
import { OtpInput } from './OtpInput';

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
}

/**
 * The code popup of the account pages (spec account §4): a 6-digit code, the resend countdown
 * from the server as mm:ss with a resend link at zero, and a confirm button that appears only
 * once the code has 6 digits. Everything resets each time it opens.
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
}: OtpDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [times, setTimes] = useState(seconds);
  const [sends, setSends] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!opened) return;
    setCode('');
    setError(null);
    setBusy(null);
    setTimes(seconds);
    setSends((s) => s + 1);
  }, [opened, seconds]);

  const complete = code.length === OTP_LENGTH;

  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!complete || busy) return;
    setBusy('confirm');
    setError(null);
    try {
      await onConfirm(code);
    } catch (err) {
      setError(errorText(err, t));
      input.current?.focus();
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    setError(null);
    try {
      const next = await onResend();
      setTimes(next);
      setSends((s) => s + 1);
      setCode('');
      input.current?.focus();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="md"
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': t('common_close') }}
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      <form onSubmit={(e) => void confirm(e)} noValidate>
        <Stack gap="md">
          {description && (
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {description}
            </Text>
          )}
          <OtpInput ref={input} value={code} onChange={setCode} data-autofocus error={error ?? undefined} />
          <Countdown seconds={times} restartKey={sends} onResend={() => void resend()} busy={busy === 'resend'} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" type="button" onClick={onClose} disabled={busy === 'confirm'}>
              {t('common_cancel')}
            </Button>
            {complete && (
              <Button type="submit" loading={busy === 'confirm'} miw={120}>
                {confirmLabel ?? t('common_confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
