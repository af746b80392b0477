// Sign-in campaigns: what the login answer tells the page about a campaign id.
export { campaignFor, createCampaign } from './service.js';
