import { CAMPAIGN_ACTIONS, type Campaign, type CampaignState, campaignUrl } from '@portico/contracts';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { type CampaignRow, type CampaignWrite, findActiveCampaign, insertCampaign, updateCampaign } from './queries.js';

const POPUP_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

type CampaignInput = { action: number; data: string } & Partial<Omit<CampaignWrite, 'action' | 'data'>>;

/**
 * What is stored of a campaign: a go-to URL checked as the console checks it (contracts/src/
 * campaigns.ts campaignUrl); a popup's HTML sanitized here, on write, so what the login page shows
 * after sign-in is safe even before the browser's own DOMPurify pass.
 */
function stored(input: CampaignInput): CampaignWrite {
  const rest = {
    active: input.active ?? true,
    name: input.name ?? '',
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
  };
  if (input.action === CAMPAIGN_ACTIONS.goToUrl) {
    if (!campaignUrl.safeParse(input.data).success)
      throw badRequest('admin_campaign_url_invalid', { data: ['admin_campaign_url_invalid'] });
    return { ...rest, action: input.action, data: input.data.trim() };
  }
  if (input.action === CAMPAIGN_ACTIONS.htmlPopup) {
    const html = sanitizeHtml(input.data, POPUP_HTML).trim();
    // Nothing left to show once sanitized (a script alone): refused, never an empty popup.
    if (!html) throw badRequest('admin_campaign_data_required', { data: ['admin_campaign_data_required'] });
    return { ...rest, action: input.action, data: html };
  }
  throw badRequest('invalid_input', { action: ['invalid_input'] });
}

export const createCampaign = async (db: Db, input: CampaignInput): Promise<CampaignRow> =>
  insertCampaign(db, stored(input));

export async function changeCampaign(db: Db, id: number, input: CampaignInput): Promise<CampaignRow> {
  const saved = await updateCampaign(db, id, stored(input));
  if (!saved) throw notFound();
  return saved;
}

/** Where a campaign stands at `now`. */
export function campaignState(
  row: Pick<CampaignRow, 'active' | 'startsAt' | 'endsAt'>,
  now = new Date(),
): CampaignState {
  if (!row.active) return 'off';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'running';
}

/** The campaign a login URL's campaignId names, if it exists, is on and inside its window. */
export async function campaignFor(db: Db, campaignId: unknown): Promise<Campaign | null> {
  const id = typeof campaignId === 'string' && /^\d{1,9}$/.test(campaignId) ? Number(campaignId) : undefined;
  if (!id) return null;
  const row = await findActiveCampaign(db, id);
  return row ? { loggedInAction: row.action as Campaign['loggedInAction'], data: row.data } : null;
}
