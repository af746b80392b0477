import { notificationEndpoints as e, type InputOf } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Notification settings calls (spec account §7 Notification), behind the bearer token.

export const NOTIFICATION_QUERY_KEY = ['account', 'notification'] as const;
export const getNotificationConfig = () => call(e.config, {});
export const saveNotificationConfig = (input: InputOf<typeof e.save>) => call(e.save, input);
