import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.js';
import { catalogs, messages } from './index.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  it('has a catalog for every supported locale', () => {
    expect(Object.keys(messages).sort()).toEqual([...LOCALES].sort());
  });

  it('vi-VN and en-US have identical key sets', () => {
    expect(Object.keys(messages['en-US']).sort()).toEqual(Object.keys(messages['vi-VN']).sort());
  });

  it('has no empty message and the same {{placeholders}} in both languages', () => {
    for (const [key, vi] of Object.entries(messages['vi-VN'])) {
      const en = messages['en-US'][key as keyof (typeof messages)['en-US']];
      expect(vi.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      expect(placeholders(en), key).toEqual(placeholders(vi));
    }
  });

  it('defines each key in one feature file only, and each file in both languages', () => {
    const owner = new Map<string, string>();
    for (const [name, catalog] of Object.entries(catalogs)) {
      expect(Object.keys(catalog.en).sort(), name).toEqual(Object.keys(catalog.vi).sort());
      for (const key of Object.keys(catalog.vi)) {
        expect(owner.get(key), `${key} is in ${owner.get(key)} and ${name}`).toBeUndefined();
        owner.set(key, name);
      }
    }
    expect(owner.size).toBe(Object.keys(messages['vi-VN']).length);
  });

  it('names the code sent or shown for a sign-in one way per language: mã xác minh, verification code (issue 34 point 5)', () => {
    // Recovery codes (mã khôi phục) and the authenticator app (ứng dụng xác thực) are other things.
    const others = {
      'vi-VN': /mã (xác thực|bảo mật|otp|xác nhận|một lần|kích hoạt)/iu,
      'en-US': /\b(otp|security|authentication|confirmation|one-time|activation|2fa) codes?\b/i,
    } as const;
    for (const locale of LOCALES) {
      const found = Object.entries(messages[locale]).filter(([, text]) => others[locale].test(text));
      expect(found, locale).toEqual([]);
    }
  });

  it('leaves no English on a Vietnamese page: a message reads the same in both only when it is a name (issue 34 point 9)', () => {
    const names = new Set([
      'lang_vi',
      'lang_en',
      'two_factor_app_google',
      'two_factor_app_microsoft',
      'two_factor_app_authy',
      'two_factor_app_store',
      'two_factor_play_store',
      'sign_in_method_google',
      'sign_in_method_facebook',
      'sign_in_method_zalo',
    ]);
    const same = Object.keys(messages['vi-VN']).filter(
      (key) =>
        !names.has(key) &&
        messages['vi-VN'][key as keyof (typeof messages)['vi-VN']] ===
          messages['en-US'][key as keyof (typeof messages)['en-US']],
    );
    expect(same).toEqual([]);
  });

  it('includes the spec message keys', () => {
    for (const key of [
      'error_username_empty',
      'confirm_logout',
      'please_select_method_receive_2fa_code',
      'email_already',
      'info_noti_info_success',
      'gender_male',
    ]) {
      expect(messages['vi-VN']).toHaveProperty(key);
    }
  });
});
