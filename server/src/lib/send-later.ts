/**
 * Messages that go out after the request has answered, so how long a send takes (an SMTP server,
 * an SMS gateway) never shows in the answer's timing: a code to an existing account and the
 * pretend send for an unknown one answer alike (server/src/modules/verification/service.ts).
 */
const pending = new Set<Promise<void>>();

/** Runs `send` once the current request has answered; a failure goes to `onError`, never to the caller. */
export function sendLater(send: () => Promise<void>, onError: (err: unknown) => void): void {
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(send)
    .catch(onError)
    .finally(() => pending.delete(job));
  pending.add(job);
}

/** Resolves once every send queued so far has finished (the local outbox waits for it before it is read). */
export async function queuedSendsDone(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
