import { describe, expect, it, vi } from 'vitest';
import { isAcceptedImage } from '../../lib/imageFiles';
import { needsSearch } from '../../lib/selectSearch';
import {
  CROP_CHROME_HEIGHT,
  clampCrop,
  displayScale,
  initialCrop,
  moveCrop,
  outputSide,
  resizeAroundCentre,
  resizeCrop,
} from './crop';
import { formatBirthdate } from './format';
import {
  htmlToText,
  type InfoForm,
  identificationError,
  socialLinks,
  textToHtml,
  timezoneOptions,
  validateInfo,
  zoneLabel,
  zoneMatches,
} from './logic';

const VN = 'Hà Nội, TP. Hồ Chí Minh';

const now = new Date(Date.UTC(2026, 5, 1));
const valid: InfoForm = {
  firstName: 'Lan',
  lastName: 'Nguyễn',
  gender: '2',
  birthdate: '2001-09-02',
  identification: '',
  maritalStatus: '',
  languageId: 'vi-VN',
  timezone: 'Asia/Saigon',
  bio: '',
};

describe('birth date in the read view', () => {
  it('is DD/MM/YYYY in Vietnamese and MM/DD/YYYY in English', () => {
    expect(formatBirthdate('2001-09-02', 'vi-VN')).toBe('02/09/2001');
    expect(formatBirthdate('2001-09-02', 'en-US')).toBe('09/02/2001');
    expect(formatBirthdate(null, 'vi-VN')).toBe('');
    expect(formatBirthdate('02/09/2001', 'vi-VN')).toBe('');
  });
});

describe('general info rules (spec account §5)', () => {
  it('accepts a complete form', () => {
    expect(validateInfo(valid, now)).toEqual({});
  });

  it('requires names, gender, birth date and language with the spec keys', () => {
    const errors = validateInfo(
      { ...valid, firstName: ' ', lastName: '', gender: '', birthdate: '', languageId: '' },
      now,
    );
    expect(errors).toEqual({
      firstName: 'error_first_name_empty',
      lastName: 'error_last_name_empty',
      gender: 'error_gender_empty',
      birthdate: 'error_birth_date_empty',
      languageId: 'error_language_empty',
    });
  });

  it('keeps the birth year between 1900 and the current year minus 3', () => {
    expect(validateInfo({ ...valid, birthdate: '1900-01-01' }, now)).toEqual({});
    expect(validateInfo({ ...valid, birthdate: '2023-12-31' }, now)).toEqual({});
    expect(validateInfo({ ...valid, birthdate: '2024-01-01' }, now).birthdate).toBe('error_birth_year_invalid');
    expect(validateInfo({ ...valid, birthdate: '1899-12-31' }, now).birthdate).toBe('error_birth_year_invalid');
  });

  it('takes an identification of 8 to 12 characters, or none', () => {
    expect(identificationError('')).toBeNull();
    expect(identificationError('1234567')).toBe('invalid_identification');
    expect(identificationError('12345678')).toBeNull();
    expect(identificationError('123456789012')).toBeNull();
    expect(identificationError('1234567890123')).toBe('invalid_identification');
    expect(validateInfo({ ...valid, identification: '1234' }, now).identification).toBe('invalid_identification');
    expect(validateInfo({ ...valid, identification: '079201001234' }, now)).toEqual({});
  });

  it('refuses an unknown time zone', () => {
    expect(validateInfo({ ...valid, timezone: 'Mars/Base' }, now).timezone).toBe('invalid_timezone');
  });
});

describe('selects', () => {
  it('get a search box only above 10 options', () => {
    expect(needsSearch(2)).toBe(false);
    expect(needsSearch(10)).toBe(false);
    expect(needsSearch(11)).toBe(true);
  });

  it('offer every IANA zone, with the saved one included (so the zone select searches)', () => {
    const zones = timezoneOptions('Asia/Saigon', VN);
    const values = zones.map((z) => z.value);
    expect(values).toContain('Asia/Saigon');
    expect(values).toContain('Europe/Paris');
    expect(needsSearch(zones.length)).toBe(true);
  });

  it('read one way everywhere: "(GMT+07:00) Hà Nội, TP. Hồ Chí Minh" for Vietnam, by offset for the rest (issue 34 point 9)', () => {
    expect(zoneLabel('Asia/Saigon', VN)).toBe('(GMT+07:00) Hà Nội, TP. Hồ Chí Minh');
    expect(zoneLabel('Asia/Ho_Chi_Minh', VN)).toBe('(GMT+07:00) Hà Nội, TP. Hồ Chí Minh');
    expect(zoneLabel('UTC', VN)).toBe('(GMT+00:00) UTC');
    expect(zoneLabel('Asia/Calcutta', VN)).toBe('(GMT+05:30) Asia/Kolkata (Asia/Calcutta)');
    const zones = timezoneOptions('Asia/Saigon', VN);
    const at = (value: string) => zones.findIndex((z) => z.value === value);
    expect(at('UTC')).toBeLessThan(at('Asia/Calcutta'));
    expect(at('Asia/Calcutta')).toBeLessThan(at('Asia/Saigon'));
  });

  it('offer a renamed zone once, valued as the spec stores it, found by either name (issue 8, point 24)', () => {
    const zones = timezoneOptions('Asia/Saigon', VN);
    const found = (search: string) => zones.filter((z) => zoneMatches(z, search)).map((z) => z.value);
    expect(found('Ho_Chi')).toEqual(['Asia/Saigon']);
    expect(found('Hồ Chí Minh')).toEqual(['Asia/Saigon']);
    expect(found('Saigon')).toEqual(['Asia/Saigon']);
    expect(zones.filter((z) => z.value === 'Asia/Ho_Chi_Minh')).toEqual([]);
    // A browser that lists only the new name still offers the spec's value.
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValueOnce(['Asia/Ho_Chi_Minh', 'Europe/Kyiv']);
    expect(timezoneOptions('', VN).map((z) => z.value)).toEqual(['UTC', 'Europe/Kyiv', 'Asia/Saigon']);
  });
});

describe('bio', () => {
  it('goes from text to HTML with escaping, paragraphs and line breaks', () => {
    expect(textToHtml('Hi <b>there</b>\nline 2\n\nPara 2')).toBe(
      '<p>Hi &lt;b&gt;there&lt;/b&gt;<br>line 2</p><p>Para 2</p>',
    );
    expect(textToHtml('  \n ')).toBe('');
  });

  it('comes back from HTML as text', () => {
    expect(htmlToText('<p>Hi <b>there</b><br>line 2</p><p>Para 2</p>')).toBe('Hi there\nline 2\n\nPara 2');
    expect(htmlToText(textToHtml('a & b\n\nc'))).toBe('a & b\n\nc');
  });
});

describe('avatar', () => {
  it('accepts gif, jpg, jpeg and png only', () => {
    expect(isAcceptedImage({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isAcceptedImage({ name: 'a.JPG', type: '' })).toBe(true);
    expect(isAcceptedImage({ name: 'a.gif', type: 'image/gif' })).toBe(true);
    expect(isAcceptedImage({ name: 'a.webp', type: 'image/webp' })).toBe(false);
    expect(isAcceptedImage({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isAcceptedImage({ name: 'a.png', type: 'text/html' })).toBe(false);
  });

  it('works at most 700 px wide and never enlarges', () => {
    expect(displayScale({ width: 1400, height: 900 }, 1000)).toBe(0.5);
    expect(displayScale({ width: 1400, height: 900 }, 350)).toBe(0.25);
    expect(displayScale({ width: 300, height: 300 }, 1000)).toBe(1);
    // A portrait photo fits the height left in a 900 px window (issue 8, point 22).
    expect(displayScale({ width: 700, height: 2000 }, 700, 900 - CROP_CHROME_HEIGHT)).toBe(0.235);
    expect(displayScale({ width: 700, height: 2000 }, 700, 10)).toBe(0.08); // never below 160 px tall
  });

  it('keeps the square crop inside the image', () => {
    const image = { width: 800, height: 600 };
    const start = initialCrop(image);
    expect(start).toEqual({ x: 160, y: 60, size: 480 });
    expect(moveCrop(start, 1000, -1000, image)).toEqual({ x: 320, y: 0, size: 480 });
    expect(resizeCrop(start, 500, 10, image)).toEqual({ x: 160, y: 60, size: 540 });
    expect(resizeCrop(start, -1000, 0, image).size).toBe(32);
    expect(resizeAroundCentre(start, 600, image)).toEqual({ x: 100, y: 0, size: 600 });
    expect(clampCrop({ x: -5, y: 10, size: 9000 }, image)).toEqual({ x: 0, y: 0, size: 600 });
    expect(outputSide({ x: 0, y: 0, size: 2000 })).toBe(512);
    expect(outputSide({ x: 0, y: 0, size: 120.4 })).toBe(120);
  });
});

describe('social links box', () => {
  it('lists the offered providers with their claims, and a link to a provider no longer offered', () => {
    const links = socialLinks([{ id: 7, claimType: 'google_link', claimValue: '1101' }], ['facebook', 'zalo']);
    expect(links.map((l) => [l.name, l.claim?.id ?? null])).toEqual([
      ['Google', 7],
      ['Facebook', null],
      ['Zalo', null],
    ]);
    expect(socialLinks([], [])).toEqual([]);
  });
});
