import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorText } from '../api/client';
import type { LooseT } from '../i18n/t';

// The account pages' toasts (spec: 3 s, web/src/App.tsx TOAST_MS): done in teal, refused in red
// with the server's message key translated.

export const notifyDone = (message: string) => notifications.show({ color: 'teal', message });

export const notifyRefused = (message: string) => notifications.show({ color: 'red', message });

export const notifyFailed = (error: unknown, t: TFunction | LooseT) => notifyRefused(errorText(error, t));
