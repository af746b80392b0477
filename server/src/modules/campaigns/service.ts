import { CAMPAIGN_ACTIONS, type Campaign } from '@portico/contracts';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { type CampaignRow, findActiveCampaign, insertCampaign } from './queries.js';

const POPUP_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/**
 * Stores a campaign. A popup's HTML is sanitized here, on write, so what the login page shows
 * after sign-in is safe even before the browser's own DOMPurify pass.
 */
export async function createCampaign(
  db: Db,
  input: { action: number; data: string; active?: boolean },
): Promise<CampaignRow> {
  if (input.action === CAMPAIGN_ACTIONS.goToUrl) {
    if (!/^https?:\/\//i.test(input.data) || !URL.canParse(input.data))
      throw badRequest('invalid_input', { data: ['invalid_input'] });
    return insertCampaign(db, { action: input.action, data: input.data, active: input.active ?? true });
  }
  if (input.action === CAMPAIGN_ACTIONS.htmlPopup) {
    return insertCampaign(db, {
      action: input.action,
      data: sanitizeHtml(input.data, POPUP_HTML),
      active: input.active ?? true,
    });
  }
  throw badRequest('invalid_input', { action: ['invalid_input'] });
}

/** The campaign a login URL's campaignId names, if it exists and is active. */
export async function campaignFor(db: Db, campaignId: unknown): Promise<Campaign | null> {
  const id = typeof campaignId === 'string' && /^\d{1,9}$/.test(campaignId) ? Number(campaignId) : undefined;
  if (!id) return null;
  const row = await findActiveCampaign(db, id);
  return row ? { loggedInAction: row.action as Campaign['loggedInAction'], data: row.data } : null;
}
