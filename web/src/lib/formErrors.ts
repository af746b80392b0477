import { ApiError, errorText } from '../api/client';
import type { LooseT } from '../i18n/t';

/**
 * Splits a failed call into messages for the form's own fields (shown under them) and the rest
 * (shown in the form's alert): { fields: { username: 'E-mail is invalid.' }, alert: '...' | null }.
 */
export const splitApiError = (
  error: unknown,
  fields: readonly string[],
  t: LooseT,
): { fields: Record<string, string>; alert: string | null } => {
  if (!(error instanceof ApiError)) return { fields: {}, alert: errorText(error, t) };
  const own: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, keys] of Object.entries(error.errors)) {
    const first = keys.find(Boolean);
    if (!first) continue;
    if (fields.includes(field)) own[field] ??= t(first);
    else other.push(first);
  }
  if (Object.keys(own).length === 0) return { fields: {}, alert: errorText(error, t) };
  return { fields: own, alert: other.length ? [...new Set(other)].map((k) => t(k)).join(', ') : null };
};

/** The errors without those of the given fields (a field's message goes once it is edited). */
export const withoutErrors = (errors: Record<string, string>, fields: readonly string[]): Record<string, string> =>
  fields.some((f) => f in errors)
    ? Object.fromEntries(Object.entries(errors).filter(([f]) => !fields.includes(f)))
    : errors;

/** Translates a field -> message key map. */
export const translateKeys = (keys: Record<string, string>, t: LooseT): Record<string, string> =>
  Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(key)]));

/** Focuses the first named field of the form that has an error, in the given order. */
export const focusFirstError = (
  form: HTMLElement | null,
  order: readonly string[],
  errors: Record<string, unknown>,
): void => {
  const field = order.find((name) => errors[name]);
  if (!form || !field) return;
  const el = form.querySelector<HTMLElement>(
    `input[name="${field}"]:not([type="hidden"]), select[name^="${field}"], input[name="${field}"][type="radio"]`,
  );
  el?.focus();
};
