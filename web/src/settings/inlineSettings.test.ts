import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from './defaults';
import { inlineAppSettings } from './useAppSettings';

const page = (text: string | null) => {
  const doc = document.implementation.createHTMLDocument('t');
  if (text !== null) {
    const script = doc.createElement('script');
    script.id = 'portico-settings';
    script.type = 'application/json';
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
};

describe('the app settings written into the page (server/src/web/static.ts)', () => {
  it('are read, validated and used for the first render', () => {
    const settings = { ...DEFAULT_APP_SETTINGS, productName: 'Inline' };
    expect(inlineAppSettings(page(JSON.stringify(settings)))?.productName).toBe('Inline');
  });

  it('are left to the call when missing, broken or not settings', () => {
    expect(inlineAppSettings(page(null))).toBeUndefined();
    expect(inlineAppSettings(page('{"productName":'))).toBeUndefined();
    expect(inlineAppSettings(page('{"productName":1}'))).toBeUndefined();
  });
});
