import 'i18next';
import type { viVN } from '@portico/contracts';

// Typed keys: t('unknown_key') fails typecheck. Keys that come from the server at run time
// (menu labels, error message keys) go through tDynamic() in ./t.ts.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof viVN };
  }
}
