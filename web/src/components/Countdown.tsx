import { Anchor, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecondsLeft } from '../hooks/useSecondsLeft';
import { formatCountdown } from './countdownFormat';

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
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey restarts the countdown
  useEffect(() => setDeadline(Date.now() + seconds * 1000), [seconds, restartKey]);
  const left = useSecondsLeft(deadline);

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
