// Activity-log actions of two-step verification (message keys of contracts/src/i18n/catalog/two-factor.ts),
// beside server/src/modules/activity/actions.ts's ACTIVITY.
export const TWO_FACTOR_ACTIVITY = {
  enabled: 'activity_two_factor_enabled',
  disabled: 'activity_two_factor_disabled',
  reset: 'activity_two_factor_reset',
  recoveryCodesGenerated: 'activity_recovery_codes_generated',
  recoveryCodeUsed: 'activity_recovery_code_used',
} as const;
