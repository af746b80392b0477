// Activity-log actions of the personal-info pages (message keys of the contracts catalogs).
export const PROFILE_ACTIVITY = {
  updated: 'activity_profile_updated',
  avatar: 'activity_avatar_updated',
  language: 'activity_language_changed',
  claim: 'activity_claim_updated',
  linkRemoved: 'activity_link_removed',
} as const;
