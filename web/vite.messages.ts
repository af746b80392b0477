import type { Plugin } from 'vite';
import { messages } from '../contracts/src/i18n/index';
// Relative, not the package: Vite bundles its config (and this file) with esbuild, which takes in
// the catalogues' TypeScript; they hold only strings.
import { LOCALES, type Locale } from '../contracts/src/locales';

/** `import('virtual:portico-messages/en-US')`: that language's whole catalogue, and nothing else. */
export const MESSAGES_MODULE = 'virtual:portico-messages/';

/**
 * One module per language, so a page loads its own language's catalogue only (issue 27 point 1):
 * the catalogue files keep both languages side by side (contracts/src/i18n/catalog/define.ts),
 * which a bundler cannot split. Each module is a JSON.parse of the catalogue, which a browser
 * parses faster than an object literal. web/src/i18n/setup.ts loads them; the build names their
 * chunks `messages-<locale>` (server/src/web/static.ts preloads the page's own).
 * The catalogues are read when the config loads: the dev server needs a restart to see an edit.
 */
export function messagesPlugin(): Plugin {
  return {
    name: 'portico-messages',
    resolveId: (id) => (id.startsWith(MESSAGES_MODULE) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${MESSAGES_MODULE}`)) return undefined;
      const locale = id.slice(MESSAGES_MODULE.length + 1) as Locale;
      if (!LOCALES.includes(locale)) throw new Error(`no catalogue for ${locale}`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages[locale]))});`;
    },
  };
}
