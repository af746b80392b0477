export { AppSettingsGate } from './AppSettingsGate';
export { DEFAULT_APP_SETTINGS } from './defaults';
export { APP_SETTINGS_QUERY_KEY, fetchAppSettings, useAppSettings } from './useAppSettings';
