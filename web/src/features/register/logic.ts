import { type DetailsValues, defaultBirthdate, detailsErrors, type FieldError } from '@portico/contracts';

// The register page's rules, free of React so they can be tested on their own.

export type RegisterStep = 1 | 2 | 3;

/** Where a (re)loaded register page starts (spec §4: the in-progress cookie and check-process-regist). */
export { type ResumeStart as RegisterStart, resumeFromCookie as resumeRegistration } from '../../lib/resume';

/** The first message key of each field, keeping the rules' order (spec §5: checked in order). */
export const firstErrors = (errors: FieldError[]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field] ??= e.key;
  return out;
};

export type DetailsForm = Omit<DetailsValues, 'gender'> & { gender: string };

export const emptyDetails = (now: Date = new Date()): DetailsForm => ({
  firstName: '',
  lastName: '',
  password: '',
  rePassword: '',
  birthdate: defaultBirthdate(now),
  gender: '',
});

/** The details rules in the spec's order (first name ... gender), from the shared contract. */
export const validateDetails = (v: DetailsForm, opts: { withPassword: boolean; now?: Date }): FieldError[] =>
  detailsErrors(opts.withPassword ? v : { ...v, password: '', rePassword: '' }, {
    passwordOptional: !opts.withPassword,
    now: opts.now,
  });

/** The fields of the details form in the order they are shown (for focusing the first error). */
export const DETAILS_FIELD_ORDER = ['firstName', 'lastName', 'password', 'rePassword', 'birthdate', 'gender'] as const;

/** The login page after registering: same language, the query kept, the new username filled in. */
export const loginAfterRegister = (loginPath: string, search: string, username: string): string => {
  const query = new URLSearchParams(search);
  query.delete('password');
  query.set('username', username);
  return `${loginPath}?${query.toString()}`;
};

/** The login page on cancel: same language, the query kept. */
export const loginWithQuery = (loginPath: string, search: string): string => {
  const query = new URLSearchParams(search);
  query.delete('password');
  const text = query.toString();
  return text ? `${loginPath}?${text}` : loginPath;
};
