import { appSettingsSchema, iconShape, settingsEndpoints } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.js';
import { ACCOUNT_MENU } from './menu.js';

describe('app settings', () => {
  const t = useTestApp({ PRODUCT_NAME: 'Portico Test' });

  it('answers the contract settings, cacheable for a minute', async () => {
    const res = await t.app.inject({ url: settingsEndpoints.get.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const settings = appSettingsSchema.parse(res.json().result);
    expect(settings.productName).toBe('Portico Test');
    expect(settings.locales).toEqual(['vi-VN', 'en-US']);
    expect(settings.menu.length).toBeGreaterThan(0);
  });

  it('gives each account menu item an icon of its own (issue 34 point 9: two-step and recovery shared one)', () => {
    const shapes = ACCOUNT_MENU.map((item) => iconShape(item.icon));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('is described as a public endpoint in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const op = doc.paths[settingsEndpoints.get.path].get;
    expect(op.security).toBeUndefined();
    expect(op.responses['200'].content['application/json'].schema.properties.result.properties.productName.type).toBe(
      'string',
    );
  });
});
