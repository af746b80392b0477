import { describe, expect, it } from 'vitest';
import { blankEducation, onlyOne, type ProfileForm, payloadOf, problemsOf } from './model';

const form = (over: Partial<ProfileForm> = {}): ProfileForm => ({
  displayName: 'Lan',
  role: '',
  blockIds: [],
  educationList: [],
  experienceList: [],
  certificationList: [],
  referenceList: [],
  ...over,
});

describe('profile form model', () => {
  it('names each entry’s missing fields by their path, with the spec keys', () => {
    expect(problemsOf(form({ displayName: '', educationList: [blankEducation()] }))).toEqual({
      displayName: 'address_fullname_required',
      'educationList.0.level': 'userProfile_education_level_req',
      'educationList.0.school': 'userProfile_education_school_req',
      'educationList.0.classification': 'userProfile_education_classification_req',
    });
    expect(problemsOf(form())).toEqual({});
  });

  it('sends a picked school by its id only, a typed one by its text; the page’s own fields stay home', () => {
    const picked = {
      ...blankEducation(),
      level: 'university' as const,
      classification: 1,
      school: { value: 7, text: 'Đại học Y Hà Nội' },
    };
    const typed = { ...picked, school: { value: null, text: 'Trường làng' } };
    const payload = payloadOf(form({ educationList: [picked, typed] }));
    expect(payload.educationList?.map((e) => e.school)).toEqual([
      { value: 7, text: '' },
      { value: null, text: 'Trường làng' },
    ]);
    expect(payload.educationList?.[0]).not.toHaveProperty('key');
  });

  it('ticking one ongoing entry clears the others', () => {
    const items = [{ isStudying: true }, { isStudying: false }, { isStudying: true }];
    expect(onlyOne(items, 1, 'isStudying').map((i) => i.isStudying)).toEqual([false, false, false]);
  });
});
