import {
  CLAIM_TYPES,
  DEFAULT_TIMEZONE,
  type GeneralProfile,
  IDENTIFICATION_MAX,
  IDENTIFICATION_MIN,
  type UpdateProfileInput,
  type UserClaim,
  updateProfileInput,
} from '@portico/contracts';

// The general-info edit form (spec account §2 General info page, §5 General info), free of React.

export type InfoForm = {
  firstName: string;
  lastName: string;
  gender: string;
  /** 'YYYY-MM-DD' or ''. */
  birthdate: string;
  identification: string;
  maritalStatus: string;
  languageId: string;
  timezone: string;
  /** Plain text in the textarea; turned into HTML on save. */
  bio: string;
};

/** Field order, for focusing the first field in error. */
export const INFO_FIELD_ORDER = [
  'firstName',
  'lastName',
  'gender',
  'birthdate',
  'identification',
  'maritalStatus',
  'languageId',
  'timezone',
  'bio',
] as const;

/** The identification rule on its own: empty is fine, else 8 to 12 characters. */
export const identificationError = (value: string): string | null => {
  const v = value.trim();
  if (!v) return null;
  return v.length < IDENTIFICATION_MIN || v.length > IDENTIFICATION_MAX ? 'invalid_identification' : null;
};

/**
 * The form a profile opens with: exactly what the profile holds. A missing birth date stays
 * empty (the date selects show Day / Month / Year), so saving another field never writes a date
 * the user did not pick (issue 8, point 18); the rules then ask for one (error_birth_date_empty).
 */
export const formFromProfile = (p: GeneralProfile): InfoForm => ({
  firstName: p.firstName ?? '',
  lastName: p.lastName ?? '',
  gender: p.gender ? String(p.gender) : '',
  birthdate: p.birthdate ?? '',
  identification: p.identification ?? '',
  maritalStatus: p.maritalStatus ? String(p.maritalStatus) : '',
  languageId: p.languageId ?? '',
  timezone: p.timezone || DEFAULT_TIMEZONE,
  bio: htmlToText(p.bio ?? ''),
});

/** What PUT info receives. bioHtml: the HTML to store (the original one when the text was not edited). */
export const payloadOf = (form: InfoForm, bioHtml: string): UpdateProfileInput => ({
  firstName: form.firstName.trim(),
  lastName: form.lastName.trim(),
  gender: form.gender ? Number(form.gender) : null,
  birthdate: form.birthdate,
  identification: form.identification.trim() || null,
  maritalStatus: form.maritalStatus ? Number(form.maritalStatus) : null,
  languageId: form.languageId,
  timezone: form.timezone || undefined,
  bio: bioHtml,
});

/** The form's rules: the shared ones of contracts updateProfileInput, on what a save would send. */
export const infoFormSchema = (now?: Date) => ({
  safeParse: (form: InfoForm) =>
    updateProfileInput({ now: now ?? new Date() }).safeParse(payloadOf(form, textToHtml(form.bio))),
});

/** The form's rules as field -> first message key. */
export const validateInfo = (form: InfoForm, now: Date = new Date()): Record<string, string> => {
  const parsed = infoFormSchema(now).safeParse(form);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};

// ---- Bio: stored as sanitized HTML, edited as plain text ------------------------------------

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as HTML: blank lines split paragraphs, single line breaks become <br>. */
export const textToHtml = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');

/** HTML as plain text for the textarea: paragraphs and list items on their own lines. */
export const htmlToText = (html: string): string => {
  if (!html.trim()) return '';
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|blockquote)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '• ');
  const doc = new DOMParser().parseFromString(`<body>${marked}</body>`, 'text/html');
  return (doc.body.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};

// ---- Time zones ---------------------------------------------------------------------------

/**
 * Browsers list some zones by their old IANA names (ICU keeps them: Asia/Saigon) and people search
 * by the current ones ("Ho_Chi"): the option shows both, the value stays the old name, which is
 * also what the spec stores (account-area spec: default time zone Asia/Saigon).
 */
export const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

export type ZoneOption = { value: string; label: string };

/** Vietnam's zone under its old and current IANA names: shown by its cities (issue 34 point 9). */
const VIETNAM_ZONES: ReadonlySet<string> = new Set(['Asia/Saigon', 'Asia/Ho_Chi_Minh']);

/** A zone's offset from GMT now, as "GMT+07:00" ("GMT+00:00" for UTC); '' when the browser cannot say. */
export const zoneOffset = (zone: string, at = new Date()): string => {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return !name ? '' : name === 'GMT' ? 'GMT+00:00' : name;
  } catch {
    return '';
  }
};

const offsetMinutes = (offset: string): number => {
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(offset);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};

/**
 * How a zone reads everywhere it is shown: "(GMT+07:00) Hà Nội, TP. Hồ Chí Minh" for Vietnam's
 * (`vietnam`: the cities in the page's language), "(GMT+01:00) Europe/Paris" for the others, a
 * renamed one by its current name with the old one after it.
 */
export const zoneLabel = (zone: string, vietnam: string): string => {
  const name = VIETNAM_ZONES.has(zone) ? vietnam : RENAMED_ZONES[zone] ? `${RENAMED_ZONES[zone]} (${zone})` : zone;
  const offset = zoneOffset(zone);
  return offset ? `(${offset}) ${name}` : name;
};

/**
 * Every IANA zone the browser knows, with the current one and the default included, as select
 * options ordered by offset: a renamed zone once, valued by its old name (what the spec stores).
 */
export const timezoneOptions = (current: string, vietnam: string): ZoneOption[] => {
  let zones: string[] = [];
  try {
    zones = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  const set = new Set(zones);
  for (const z of [current, DEFAULT_TIMEZONE, 'UTC']) if (z) set.add(z);
  for (const [old, renamed] of Object.entries(RENAMED_ZONES)) {
    if (set.has(renamed) && (set.has(old) || old === DEFAULT_TIMEZONE) && current !== renamed) {
      set.delete(renamed);
      set.add(old);
    }
  }
  return [...set]
    .map((value) => ({ value, label: zoneLabel(value, vietnam), minutes: offsetMinutes(zoneOffset(value)) }))
    .sort((a, b) => a.minutes - b.minutes || a.label.localeCompare(b.label))
    .map(({ value, label }) => ({ value, label }));
};

/** The zone select's search: the label, the stored name or the current IANA name ("Ho_Chi"). */
export const zoneMatches = (option: ZoneOption, search: string): boolean => {
  const wanted = search.trim().toLowerCase();
  return [option.label, option.value, RENAMED_ZONES[option.value] ?? ''].some((s) => s.toLowerCase().includes(wanted));
};

// ---- Social links -------------------------------------------------------------------------

export const SOCIAL_PROVIDERS = [
  { id: 'google', name: 'Google', claimType: CLAIM_TYPES.googleLink },
  { id: 'facebook', name: 'Facebook', claimType: CLAIM_TYPES.facebookLink },
  { id: 'zalo', name: 'Zalo', claimType: CLAIM_TYPES.zaloLink },
] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]['name'];

/**
 * The providers of the social box with their link claims (null when not linked): those this
 * server offers (they can be linked), and any other still linked (it can be removed).
 */
export const socialLinks = (claims: readonly UserClaim[], offered: readonly string[]) =>
  SOCIAL_PROVIDERS.map((p) => ({ ...p, claim: claims.find((c) => c.claimType === p.claimType) ?? null })).filter(
    (p) => p.claim || offered.includes(p.id),
  );
