// Sign-in campaigns: what the login answer tells the page about a campaign id, and the console's
// writes (contracts/src/campaigns.ts).
export { type CampaignRow, listCampaigns } from './queries.js';
export { campaignFor, campaignState, changeCampaign, createCampaign } from './service.js';
