import type { Locale } from '../locales.js';
import { enUS } from './en-US.js';
import { viVN } from './vi-VN.js';

export { enUS } from './en-US.js';
export { viVN } from './vi-VN.js';

/** A key of the interface message catalogs (vi-VN is the source). */
export type MessageKey = keyof typeof viVN;
export type Messages = Record<MessageKey, string>;

/** The interface messages of every supported locale, same keys. */
export const messages: Record<Locale, Messages> = { 'vi-VN': viVN, 'en-US': enUS };

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(viVN, key);
