import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { openTestDatabase } from '../../db/testing.js';
import { campaignFor, createCampaign } from './service.js';

describe('campaigns', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('sanitizes popup HTML on write', async () => {
    const row = await createCampaign(database.db, {
      action: 2,
      data: '<h2>Ưu đãi</h2><img src="javascript:alert(1)" onerror="x()"><a href="https://example.com" onclick="y()">Xem</a><iframe src="https://evil"></iframe>',
    });
    expect(row.data).toBe('<h2>Ưu đãi</h2><img /><a href="https://example.com">Xem</a>');
    expect(await campaignFor(database.db, String(row.id))).toEqual({ loggedInAction: 2, data: row.data });
  });

  it('accepts only checked https URLs for the go-to-URL action, and ignores unknown or inactive ids', async () => {
    for (const data of ['javascript:alert(1)', 'http://example.com/offer', 'https://a:b@example.com/'])
      await expect(createCampaign(database.db, { action: 1, data })).rejects.toThrow('admin_campaign_url_invalid');
    await expect(createCampaign(database.db, { action: 3, data: 'x' })).rejects.toThrow('invalid_input');
    const url = await createCampaign(database.db, { action: 1, data: 'https://example.com/offer' });
    expect(await campaignFor(database.db, String(url.id))).toEqual({
      loggedInAction: 1,
      data: 'https://example.com/offer',
    });
    const off = await createCampaign(database.db, { action: 1, data: 'https://example.com/old', active: false });
    for (const id of [String(off.id), '999999', 'abc', undefined, ['1']])
      expect(await campaignFor(database.db, id)).toBeNull();
  });
});
