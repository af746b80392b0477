import { type UseFormReturnType, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { type LooseT, looseT } from '../i18n/t';
import { focusFirstError, splitApiError } from '../lib/formErrors';

/**
 * What the form checks its values with: anything with zod's safeParse whose messages are message
 * keys, i.e. an endpoint's input schema (contracts/src/<feature>.ts) or a page schema from contracts.
 */
export type FormSchema = {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
};

/** A form's messages: per field (translated) and one for the rest (the form's alert). */
export type FormMessages = { fields: Record<string, string>; alert: string | null };

/** The first message of each of the form's fields; messages of other paths go to the alert. */
export const schemaMessages = (
  schema: FormSchema,
  input: unknown,
  fields: readonly string[],
  t: LooseT,
): FormMessages | null => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return null;
  const own: Record<string, string> = {};
  const other: string[] = [];
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (fields.includes(field)) own[field] ??= t(issue.message);
    else other.push(t(issue.message));
  }
  return { fields: own, alert: other.length ? [...new Set(other)].join(', ') : null };
};

/** True when a failed call names one of the fields (e.g. a step-1 field refused at step 2). */
export const namesField = (error: unknown, fields: readonly string[]): boolean =>
  error instanceof ApiError && fields.some((f) => error.errors[f]?.some(Boolean));

export interface ApiFormOptions<V extends Record<string, unknown>, R> {
  initialValues: V;
  /** Checked before the call (message keys, shown translated under the fields). */
  schema?: FormSchema;
  /** What the schema checks when it is more than the values (the flow's username and token). */
  input?: (values: V) => unknown;
  /** A last check before the call, e.g. the captcha's ready(); false stops the submit. */
  before?: () => boolean;
  /** The write, run as a TanStack Query mutation. */
  submit: (values: V) => Promise<R>;
  /** After a successful write; the form stays busy until a promise it returns settles. */
  onSuccess?: (answer: R, values: V) => unknown;
  /** A failed call the page handles itself (captcha asked, session expired); true skips the messages. */
  onError?: (error: unknown) => boolean | undefined;
  /** The fields in the order shown, for focusing the first invalid one (default: initialValues' keys). */
  fields?: readonly string[];
}

export interface ApiForm<V extends Record<string, unknown>> {
  form: UseFormReturnType<V>;
  values: V;
  /** The props of a field: name, value, onChange (clears its message), error. */
  field: (name: keyof V & string) => ReturnType<UseFormReturnType<V>['getInputProps']> & { name: string };
  /** Sets some values and clears their messages (composite fields such as DetailsFields). */
  patch: (values: Partial<V>) => void;
  /** The translated message per field. */
  errors: Record<string, string>;
  alert: string | null;
  setAlert: (message: string | null) => void;
  /** Shows a failed call's messages; true when a field of this form got one. */
  show: (error: unknown) => boolean;
  /** The form's onSubmit: check, call, show the result; Enter in any field submits. */
  submit: (event?: FormEvent) => Promise<void>;
  busy: boolean;
  /** On the <form>: focusing the first invalid field looks inside it. */
  ref: RefObject<HTMLFormElement | null>;
  /** Back to the initial values, no messages. */
  reset: () => void;
}

/**
 * The page kit's form (docs/architecture.md, "Web page kit"): @mantine/form holds the values and
 * per-field messages, the contracts' schema checks them, the write is a TanStack Query mutation,
 * an ApiError's field keys land under their fields and the rest in one alert, the first invalid
 * field gets the focus.
 */
export function useApiForm<V extends Record<string, unknown>, R = unknown>(opts: ApiFormOptions<V, R>): ApiForm<V> {
  const { t } = useTranslation();
  const tr = looseT(t);
  const ref = useRef<HTMLFormElement>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<V>({ mode: 'controlled', initialValues: opts.initialValues, clearInputErrorOnChange: true });
  const fields = opts.fields ?? Object.keys(opts.initialValues);
  const mutation = useMutation({
    mutationFn: opts.submit,
    onSuccess: (answer, values) => opts.onSuccess?.(answer, values),
  });

  const display = (messages: FormMessages) => {
    form.setErrors(messages.fields);
    setAlert(messages.alert);
    focusFirstError(ref.current, fields, messages.fields);
  };

  const show = (error: unknown): boolean => {
    const messages = splitApiError(error, fields, tr);
    display(messages);
    return Object.keys(messages.fields).length > 0;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (mutation.isPending) return;
    form.clearErrors();
    setAlert(null);
    const values = form.getValues();
    const invalid = opts.schema && schemaMessages(opts.schema, (opts.input ?? ((v) => v))(values), fields, tr);
    if (invalid) {
      display(invalid);
      return;
    }
    if (opts.before && !opts.before()) return;
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      if (!opts.onError?.(error)) show(error);
    }
  };

  return {
    form,
    values: form.values,
    field: (name) => ({ ...form.getInputProps(name), name }),
    patch: (values) => {
      form.setValues(values);
      for (const name of Object.keys(values)) form.clearFieldError(name);
    },
    errors: form.errors as Record<string, string>,
    alert,
    setAlert,
    show,
    submit,
    busy: mutation.isPending,
    ref,
    reset: () => {
      form.reset();
      setAlert(null);
    },
  };
}
