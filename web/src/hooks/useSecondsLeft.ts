import { useEffect, useReducer } from 'react';
import { secondsLeft } from '../components/countdownFormat';

/**
 * Whole seconds left until `deadline` (ms since epoch; null: none), read at each render and
 * rendered again every second until zero (spec §9: the QR countdown ticks every 1 second).
 * Counted against the deadline, so a throttled tab stays right.
 */
export function useSecondsLeft(deadline: number | null): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (deadline === null || secondsLeft(deadline) <= 0) return undefined;
    const id = setInterval(() => {
      tick();
      if (secondsLeft(deadline) <= 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [deadline]);
  return deadline === null ? 0 : secondsLeft(deadline);
}
