import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorText } from '../api/client';
import type { LooseT } from '../i18n/t';

// The account pages' toasts: done in teal for the spec's message timer (account §9: 1500 ms),
// refused in red for the toast's 3 s (web/src/App.tsx TOAST_MS), the server's message key translated.

/** How long a success message stays (spec account §9, "default message timer"). */
export const MESSAGE_MS = 1500;

export const notifyDone = (message: string) => notifications.show({ color: 'teal', message, autoClose: MESSAGE_MS });

export const notifyRefused = (message: string) => notifications.show({ color: 'red', message });

export const notifyFailed = (error: unknown, t: TFunction | LooseT) => notifyRefused(errorText(error, t));
