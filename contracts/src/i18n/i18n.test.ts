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
