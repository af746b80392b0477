import { type DetailsValues, defaultBirthdate } from '@portico/contracts';

// The register page's rules, free of React so they can be tested on their own; its field rules
// are the endpoints' input schemas (contracts/src/register.ts).

export type RegisterStep = 1 | 2 | 3;

export type DetailsForm = Omit<DetailsValues, 'gender'> & { gender: string };

export const emptyDetails = (now: Date = new Date()): DetailsForm => ({
  firstName: '',
  lastName: '',
  password: '',
  rePassword: '',
  birthdate: defaultBirthdate(now),
  gender: '',
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
