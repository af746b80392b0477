import { z } from 'zod';
import { CAMPAIGN_ACTIONS } from './auth.js';
import { featureEndpoints } from './endpoint.js';

// Sign-in campaigns in the admin console (issue 31 point 1): what a login URL's `campaignId`
// shows right after sign-in (spec sign-in §3 Campaign: 1 go to a URL, 2 an HTML popup), made and
// scheduled by operators holding `campaigns:write`. Outside its window, or switched off, a
// campaign shows nothing.

/** The longest popup a campaign may carry (sanitized on write). */
export const CAMPAIGN_HTML_MAX = 20_000;

/** Where a campaign is, now: switched off, waiting for its start, showing, or past its end. */
export const CAMPAIGN_STATES = ['off', 'scheduled', 'running', 'ended'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const adminCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  loggedInAction: z.union([z.literal(CAMPAIGN_ACTIONS.goToUrl), z.literal(CAMPAIGN_ACTIONS.htmlPopup)]),
  data: z.string(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  state: z.enum(CAMPAIGN_STATES),
  /** The portal's login address carrying it, for the products' links. */
  loginUrl: z.string(),
  createdAt: z.string(),
});
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;

/**
 * The address a go-to-URL campaign sends a person to once signed in: https, or http for
 * localhost alone; no user name or password in it; at most 2,000 characters.
 */
export const campaignUrl = z
  .string()
  .trim()
  .max(2000, 'admin_campaign_url_invalid')
  .refine((raw) => {
    try {
      const url = new URL(raw);
      if (url.username || url.password) return false;
      if (url.protocol === 'https:') return url.hostname.includes('.') || url.hostname === 'localhost';
      return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'admin_campaign_url_invalid');

const when = z.iso.datetime({ offset: true, error: 'admin_campaign_window_invalid' }).nullable().default(null);

const campaignObject = z.object({
  name: z.string().trim().min(1, 'admin_campaign_name_required').max(100),
  loggedInAction: z.union([z.literal(CAMPAIGN_ACTIONS.goToUrl), z.literal(CAMPAIGN_ACTIONS.htmlPopup)]),
  data: z.string().trim().min(1, 'admin_campaign_data_required').max(CAMPAIGN_HTML_MAX),
  active: z.boolean().default(true),
  startsAt: when,
  endsAt: when,
});

/** A go-to-URL campaign's address is checked (campaignUrl); a window ends after it starts. */
const checked = <S extends typeof campaignObject>(schema: S) =>
  schema.superRefine((fields, ctx) => {
    if (fields.loggedInAction === CAMPAIGN_ACTIONS.goToUrl && !campaignUrl.safeParse(fields.data).success)
      ctx.addIssue({ code: 'custom', path: ['data'], message: 'admin_campaign_url_invalid' });
    if (fields.startsAt && fields.endsAt && Date.parse(fields.endsAt) <= Date.parse(fields.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'admin_campaign_window_invalid' });
  });

export const campaignFields = checked(campaignObject);
export type CampaignFields = z.input<typeof campaignFields>;

const campaignId = z.coerce.number().int().min(1).max(2_147_483_647);
const define = featureEndpoints('campaigns');

export const campaignEndpoints = {
  list: define({
    method: 'GET',
    path: '/api/admin/campaigns',
    summary: 'Every sign-in campaign, newest first, with where it stands now and the login address carrying it',
    auth: 'admin',
    permission: 'campaigns:write',
    output: z.array(adminCampaignSchema),
  }),
  create: define({
    method: 'POST',
    path: '/api/admin/campaigns',
    summary:
      'A new campaign: a URL to go to (https) or an HTML popup (sanitized), shown after sign-in between its start and end',
    auth: 'admin',
    stepUp: true,
    permission: 'campaigns:write',
    input: campaignFields,
    output: adminCampaignSchema,
    errors: [
      'admin_campaign_name_required',
      'admin_campaign_data_required',
      'admin_campaign_url_invalid',
      'admin_campaign_window_invalid',
    ],
  }),
  update: define({
    method: 'PUT',
    path: '/api/admin/campaigns/:id',
    summary:
      "Changes a campaign: its name, what it shows, its window, or switches it off or on (its id, in products' links, stays)",
    auth: 'admin',
    stepUp: true,
    permission: 'campaigns:write',
    input: checked(campaignObject.extend({ id: campaignId })),
    output: adminCampaignSchema,
    errors: [
      'not_found',
      'admin_campaign_name_required',
      'admin_campaign_data_required',
      'admin_campaign_url_invalid',
      'admin_campaign_window_invalid',
    ],
  }),
};
