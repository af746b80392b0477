/** Seconds as mm:ss (spec §9: the resend countdown is shown as mm:ss). Negative or NaN is 00:00. */
export const formatCountdown = (seconds: number): string => {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
};

/** Whole seconds left until `deadline` (ms since epoch), never below zero. */
export const secondsLeft = (deadline: number, now: number = Date.now()): number =>
  Math.max(0, Math.ceil((deadline - now) / 1000));
