import { type Locale, type MessageKey, messages, pickLocale } from '@portico/contracts';

/** A catalog message in `locale` with its {{placeholders}} filled; for mail, SMS and server-rendered text. */
export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[locale][key].replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(params[name] ?? ''));
}

/** The supported locale a stored language id (vi-VN, en-US, en ...) stands for. */
export const localeOf = (languageId: string | null | undefined): Locale => pickLocale(languageId);
