// One way to write a person's name (issue 8, point 23): Vietnamese puts the family name first
// ("Nguyễn Văn A"), English the given name first ("Văn A Nguyễn"). firstName is the given name,
// lastName the family name (spec sign-in §2 details). The header, the welcome text, the initials,
// the info page, the forms and the server's `name` claim all use these.

export type PersonName = { firstName?: string | null; lastName?: string | null };
export type NameField = 'firstName' | 'lastName';

/** True for languages that write the given name first (English); locale like 'en-US' or 'vi-VN'. */
const givenNameFirst = (locale: string): boolean => /^en\b/i.test(locale);

/** The name fields in the order a form of this language lists them. */
export const nameFieldOrder = (locale: string): readonly [NameField, NameField] =>
  givenNameFirst(locale) ? ['firstName', 'lastName'] : ['lastName', 'firstName'];

/** The full name in the language's order; '' when the person has no name. */
export const formatPersonName = (name: PersonName, locale: string): string =>
  nameFieldOrder(locale)
    .map((field) => (name[field] ?? '').trim())
    .filter(Boolean)
    .join(' ');

/**
 * Up to two initials of a written name (full name, or whatever stands in for it): the first
 * letters of its first and last words, so "Nguyễn Văn A" is "NA" and "Văn A Nguyễn" is "VN".
 */
export const nameInitials = (written: string, locale: string): string => {
  const words = written.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return picked
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase(locale);
};
