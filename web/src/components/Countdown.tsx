import { Anchor, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsLeft } from './countdownFormat';

export interface CountdownProps {
  /** Seconds to count down from (the server's `times` / `expirySecond`). */
  seconds: number;
  /** Changing it restarts the countdown from `seconds` (e.g. a send counter). */
  restartKey?: string | number;
  /** Called by the resend link shown at zero. */
  onResend: () => void;
  /** Disables the resend link while a send is in flight. */
  busy?: boolean;
}

/**
 * Resend countdown shared by every code flow: 'Resend code in 01:59' while seconds remain,
 * then a 'Resend code' link. Counts against a deadline so a throttled tab stays accurate.
 */
export function Countdown({ seconds, restartKey, onResend, busy = false }: CountdownProps) {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil(seconds)));

  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey restarts the countdown
  useEffect(() => {
    setDeadline(Date.now() + seconds * 1000);
    setLeft(Math.max(0, Math.ceil(seconds)));
  }, [seconds, restartKey]);

  useEffect(() => {
    if (secondsLeft(deadline) <= 0) {
      setLeft(0);
      return undefined;
    }
    const id = setInterval(() => {
      const next = secondsLeft(deadline);
      setLeft(next);
      if (next <= 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [deadline]);

  if (left > 0) {
    return (
      <Text fz="sm" c="dimmed" role="timer" aria-live="off">
        {t('countdown_resend_in')}{' '}
        <Text span fw={600} c="dark" ff="monospace">
          {formatCountdown(left)}
        </Text>
      </Text>
    );
  }
  return (
    <Group gap={6} fz="sm">
      <Text fz="sm" c="dimmed">
        {t('countdown_no_code')}
      </Text>
      <Anchor component="button" type="button" fz="sm" fw={600} onClick={onResend} disabled={busy}>
        {t('common_resend_code')}
      </Anchor>
    </Group>
  );
}
