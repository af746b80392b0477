import { isMessageKey, type Locale, type MessageKey, messages } from '@portico/contracts';
import { escapeHtml } from '../../lib/html.js';

const LANGUAGE_LABEL: Record<string, MessageKey> = { 'vi-VN': 'lang_vi', 'en-US': 'lang_en' };

/** A parameter as the reader reads it: some are keys of the catalogs (method, claim, language, yes/no). */
function paramText(locale: Locale, name: string, value: unknown): string {
  const catalog = messages[locale];
  if (name === 'method' && isMessageKey(`sign_in_method_${String(value)}`)) {
    return catalog[`sign_in_method_${String(value)}` as MessageKey];
  }
  if (name === 'claim' && isMessageKey(`claim_${String(value)}`))
    return catalog[`claim_${String(value)}` as MessageKey];
  if (name === 'language' && LANGUAGE_LABEL[String(value)]) return catalog[LANGUAGE_LABEL[String(value)]!];
  if (typeof value === 'boolean') return catalog[value ? 'activity_yes' : 'activity_no'];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return '';
}

/** The entry's catalog text with each parameter read out: `text` takes the catalog's pieces, `param` the values. */
function fill(
  locale: Locale,
  action: string,
  params: unknown,
  text: (piece: string) => string,
  param: (value: string) => string,
): string {
  if (!isMessageKey(action)) return text(action);
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return messages[locale][action]
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      return name ? param(paramText(locale, name, values[name])) : text(part);
    })
    .join('');
}

/**
 * An activity entry as HTML in the reader's language, built at read time from the stored action
 * key and params: the catalog text is escaped, every parameter is escaped and set in <strong>;
 * nothing else is markup. An unknown action shows as its escaped key.
 */
export const renderActivity = (locale: Locale, action: string, params: unknown): string =>
  fill(locale, action, params, escapeHtml, (value) => `<strong>${escapeHtml(value)}</strong>`);

/** The same entry as plain text (a data archive, issue 32 point 3). */
export const activityText = (locale: Locale, action: string, params: unknown): string =>
  fill(
    locale,
    action,
    params,
    (piece) => piece,
    (value) => value,
  );
