import { type AppSettings, appSettingsSchema, settingsEndpoints } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/endpoint';
import { setEmbedOrigins } from '../embed';
import { mergeTranslations } from '../i18n/setup';
import { inlineData } from '../lib/inlineData';
import { DEFAULT_APP_SETTINGS } from './defaults';

export const APP_SETTINGS_QUERY_KEY = ['app-settings'] as const;

/** Applies what settings change outside React (server translations, embed origins). */
const applied = (settings: AppSettings): AppSettings => {
  setEmbedOrigins(settings.configs.embedOrigins);
  mergeTranslations(settings.translations);
  return settings;
};

/** GET /api/app-settings, validated (a broken answer falls back to the defaults); applies server translations and embed origins. */
export const fetchAppSettings = async (): Promise<AppSettings> =>
  applied(appSettingsSchema.parse(await call(settingsEndpoints.get, {})));

/**
 * The settings the server wrote into the page (server/src/web/static.ts), validated and applied;
 * undefined without them (the dev server, a test), and the app fetches them.
 */
export const inlineAppSettings = (doc: Document = document): AppSettings | undefined => {
  const settings = inlineData('portico-settings', appSettingsSchema, doc);
  return settings && applied(settings);
};

export interface AppSettingsState {
  /** The server's settings, or the built-in defaults while loading or after a failure. */
  settings: AppSettings;
  isLoading: boolean;
  isError: boolean;
}

export const useAppSettings = (): AppSettingsState => {
  const query = useQuery({
    queryKey: APP_SETTINGS_QUERY_KEY,
    queryFn: fetchAppSettings,
    // The page's own copy: the first render needs no call (issue 27 point 1).
    initialData: inlineAppSettings,
    staleTime: 10 * 60 * 1000,
    retry: 1,
    // After a failure the app runs on the defaults: a newly mounted component must not
    // refetch, which would put the query back to pending and the whole app back to the loader.
    retryOnMount: false,
    refetchOnWindowFocus: false,
  });
  return {
    settings: query.data ?? DEFAULT_APP_SETTINGS,
    isLoading: query.isPending,
    isError: query.isError,
  };
};
