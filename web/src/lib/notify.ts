import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorText } from '../api/client';
import { isEmbeddedNow, postToastToHost } from '../embed';
import type { LooseT } from '../i18n/t';

// The pages' toasts: done in teal for the spec's message timer (account §9: 1500 ms), refused in
// red for the toast's 3 s (web/src/App.tsx TOAST_MS), the server's message key translated.
// Embedded, each also goes to the host as message_success / message_error (spec account §8); a
// native app shows it itself, so the page does not (contracts/src/embed.ts).

/** How long a success message stays (spec account §9, "default message timer"). */
export const MESSAGE_MS = 1500;

const toast = (kind: 'message_success' | 'message_error', message: string, autoClose?: number) => {
  // A native app that took the message shows it; anything else (a parent window, no host) does not.
  if (isEmbeddedNow() && postToastToHost(kind, message)) return;
  notifications.show({ color: kind === 'message_success' ? 'teal' : 'red', message, autoClose });
};

/** A success toast; `autoClose` when it should stay longer than the message timer. */
export const notifyDone = (message: string, autoClose = MESSAGE_MS) => toast('message_success', message, autoClose);

export const notifyRefused = (message: string) => toast('message_error', message);

export const notifyFailed = (error: unknown, t: TFunction | LooseT) => notifyRefused(errorText(error, t));
