import { type ProfileInput, profileInput, type UserProfile } from '@portico/contracts';

// The edit form's values: the profile as the contract takes it, with what the page shows beside
// (the school's text, the certificate's file) kept in the same entries.

export type EducationEntry = NonNullable<ProfileInput['educationList']>[number] & { key: string };
export type ExperienceEntry = NonNullable<ProfileInput['experienceList']>[number] & { key: string };
export type CertificationEntry = NonNullable<ProfileInput['certificationList']>[number] & {
  key: string;
  fileUrl?: string | null;
  fileName?: string | null;
};
export type ReferenceEntry = NonNullable<ProfileInput['referenceList']>[number] & { key: string };
export type ProfileForm = {
  displayName: string;
  role: string;
  blockIds: string[];
  educationList: EducationEntry[];
  experienceList: ExperienceEntry[];
  certificationList: CertificationEntry[];
  referenceList: ReferenceEntry[];
};
export const LIST_FIELDS = ['educationList', 'experienceList', 'certificationList', 'referenceList'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

let counter = 0;
/** A key for React to tell entries apart (new entries have no id yet). */
export const newKey = () => `k${++counter}`;

export const formOf = (p: UserProfile): ProfileForm => ({
  displayName: p.displayName,
  role: p.role,
  blockIds: p.blockIds,
  educationList: p.educationList.map(({ classificationText: _c, ...e }) => ({
    ...e,
    school: { value: e.school.value, text: e.school.value ? e.school.showText : e.school.text },
    key: e.id,
  })),
  experienceList: p.experienceList.map((e) => ({ ...e, key: e.id })),
  certificationList: p.certificationList.map((c) => ({ ...c, key: c.id })),
  referenceList: p.referenceList.map((r) => ({ ...r, key: r.id })),
});

const strip = <T extends { key: string }>(items: readonly T[], drop: readonly string[] = []) =>
  items.map((item) => Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'key' && !drop.includes(k))));

/** What the update call sends: the entries without the page's own fields; a picked school sends its id only. */
export const payloadOf = (v: ProfileForm): ProfileInput => ({
  displayName: v.displayName,
  role: v.role,
  blockIds: v.blockIds,
  educationList: v.educationList.map(({ key: _k, ...e }) => ({
    ...e,
    school: e.school.value ? { value: e.school.value, text: '' } : { value: null, text: e.school.text ?? '' },
  })),
  experienceList: strip(v.experienceList) as ProfileInput['experienceList'],
  certificationList: strip(v.certificationList, ['fileUrl', 'fileName']) as ProfileInput['certificationList'],
  referenceList: strip(v.referenceList) as ProfileInput['referenceList'],
});

/**
 * The contract's rules, checked before the call, as the form's nested field paths
 * ('educationList.0.level') with message keys; empty when the form may be sent.
 */
export function problemsOf(v: ProfileForm): Record<string, string> {
  const parsed = profileInput.safeParse(payloadOf(v));
  if (parsed.success) return {};
  const found: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    found[path] ??= issue.message;
  }
  return found;
}

export const blankEducation = (): EducationEntry => ({
  key: newKey(),
  level: undefined as unknown as EducationEntry['level'],
  school: { value: null, text: '' },
  major: '',
  type: null,
  classification: null,
  startDate: null,
  endDate: null,
  isStudying: false,
  grade: null,
  className: '',
});
export const blankExperience = (): ExperienceEntry => ({
  key: newKey(),
  roleName: '',
  company: '',
  startDate: null,
  endDate: null,
  address: '',
  isWorking: false,
});
export const blankCertification = (): CertificationEntry => ({
  key: newKey(),
  certificationName: '',
  classification: '',
  certificateDate: null,
  placeOfIssue: '',
  fileId: null,
});
export const blankReference = (): ReferenceEntry => ({
  key: newKey(),
  fullName: '',
  company: '',
  reference: '',
  phoneNumber: '',
  roleName: '',
});

/** spec §4: ticking isStudying (isWorking) clears it on the other entries. */
export function onlyOne<T extends object>(items: readonly T[], index: number, flag: keyof T): T[] {
  return items.map((item, i) => (i === index ? item : { ...item, [flag]: false }));
}

/** The months a picker offers: 101 years back from this one (spec §5 date dropdown). */
export const monthRange = (now = new Date()) => ({
  min: `${now.getFullYear() - 100}-01`,
  max: `${now.getFullYear()}-12`,
});
export const dateRange = (now = new Date()) => ({
  min: `${now.getFullYear() - 100}-01-01`,
  max: `${now.getFullYear()}-12-31`,
});
