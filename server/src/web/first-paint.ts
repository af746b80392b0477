// The login page's first paint (issue 27 point 1): a login page opened for a provider interaction
// gets the sign-in card as HTML, rendered here by the web app's own components
// (web/src/firstPaint.tsx, built into web/dist-ssr/render.js), so the username field shows
// while the app's scripts are still on their way; the app takes over from it when its form mounts
// (web/src/features/login/firstPaint.ts). Without that build, or if rendering fails, the page is
// as before: the app renders it.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type AppSettings,
  EMBEDDED_COOKIE,
  type InteractionDetails,
  LOGIN_INFO_COOKIE,
  LOGIN_OPTIONS_COOKIE,
  type Locale,
  loginOptionsOf,
} from '@portico/contracts';

type RenderInput = { locale: Locale; url: string; settings: AppSettings; details: InteractionDetails; nonce: string };
type FirstPaintModule = {
  prepare(settings: AppSettings): Promise<void>;
  renderLoginPage(input: RenderInput): string;
};

/** Renders the first paint, or undefined when it cannot (the app then renders the page alone). */
export type FirstPaint = (input: Omit<RenderInput, 'settings'>) => string | undefined;

/**
 * Whether the app's first render of this /login would be the sign-in card the server draws: a
 * sign-in to do (not a consent, not a step-up), not in a frame or a web view (no banner there,
 * web/src/embed/detect.ts), not the two-step resume (`step`, web/src/features/login/logic.ts) or a
 * return from a provider (`external`, LoginForm.tsx), not an auto-login (a password in the
 * options), not a code step coming back after a reload and not with login options carried across
 * the sign-in redirect (their cookies, contracts/src/pages.ts).
 */
export function firstPaintFits(
  details: Pick<InteractionDetails, 'prompt' | 'stepUp'>,
  query: URLSearchParams,
  cookies: Record<string, string | undefined>,
  dest?: string,
) {
  if (details.prompt !== 'login' || details.stepUp) return false;
  if (dest === 'iframe' || dest === 'frame') return false;
  if (query.get('embedded') === '1' || query.get('iframe') === '1') return false;
  if (query.has('step') || query.has('external') || loginOptionsOf(query).has('password')) return false;
  return !cookies[LOGIN_INFO_COOKIE] && !cookies[LOGIN_OPTIONS_COOKIE] && !cookies[EMBEDDED_COOKIE];
}

/**
 * Moves the markup's `style` attributes into one style element carrying the page's nonce: the
 * page policy allows no inline style attribute (docs/decisions/005-no-inline-styles.md), and
 * React writes Mantine's CSS variables as attributes when it renders to a string.
 */
export function withoutStyleAttributes(markup: string, nonce: string): string {
  const rules: string[] = [];
  const body = markup.replace(/ style="([^"]*)"/g, (_all, value: string) => {
    const css = value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
    // Declarations only: nothing in them may end the rule or the element.
    if (/[{}<]/.test(css)) return '';
    const at = rules.length;
    rules.push(`[data-fp="${at}"]{${css.replace(/;?\s*$/, '').replace(/;/g, ' !important;')} !important}`);
    return ` data-fp="${at}"`;
  });
  return rules.length ? `<style nonce="${nonce}">${rules.join('')}</style>${body}` : body;
}

const NONCE_STAND_IN = 'portico-first-paint-nonce';
const KEPT_RENDERS = 200;

/**
 * The first paint's one script: what is pressed or sent there before the app runs is marked on it
 * (the button's place among its buttons, or that its form was sent), never done natively, and the
 * app does it again once its own card is in place (web/src/features/login/firstPaint.ts).
 * Allowed by its hash in the page's policy, as the sign-in start page's (sign-in-start.ts).
 */
const SUBMIT_WATCH = [
  "var p=document.getElementById('first-paint');",
  "p.addEventListener('submit',function(e){e.preventDefault();p.dataset.submitted='1'});",
  "p.addEventListener('click',function(e){var b=e.target.closest('button,[role=tab]');",
  "if(b&&!p.dataset.clicked)p.dataset.clicked=String([].indexOf.call(p.querySelectorAll('button,[role=tab]'),b))});",
].join('');
export const FIRST_PAINT_SCRIPT_HASH = `sha256-${createHash('sha256').update(SUBMIT_WATCH).digest('base64')}`;

/**
 * The first paint as the page's body has it: before the app's root, which stays hidden while it
 * is there (the app renders into it meanwhile), and its script.
 */
export const firstPaintHtml = (markup: string, nonce: string): string =>
  `<div id="first-paint"><style nonce="${nonce}">#first-paint~#root{display:none}</style>${markup}</div>` +
  `<script>${SUBMIT_WATCH}</script>`;

/** Loads the first paint's build when it is there; logs and goes without it when it fails. */
export async function loadFirstPaint(
  ssrDir: string,
  settings: AppSettings,
  warn: (message: string) => void,
): Promise<FirstPaint | undefined> {
  const file = path.join(ssrDir, 'render.js');
  if (!existsSync(file)) return undefined;
  try {
    const mod = (await import(pathToFileURL(file).href)) as FirstPaintModule;
    await mod.prepare(settings);
    // A render takes a few milliseconds, and the card is the same for every sign-in of a client in
    // a language with the same options: it is kept (with a stand-in for the page's nonce; the
    // interaction's uid is not in it), the least recently used going first.
    const kept = new Map<string, string>();
    return (input) => {
      // What the card shows depends on these only (the options wherever they are in the query:
      // contracts/src/pages.ts), so anything else in a query neither changes nor multiplies them.
      const url = new URL(input.url, 'http://portico');
      const options = loginOptionsOf(url.searchParams).toString();
      const key = JSON.stringify([input.locale, url.pathname, options, { ...input.details, uid: '' }]);
      let markup = kept.get(key);
      if (markup === undefined) {
        try {
          markup = withoutStyleAttributes(
            mod.renderLoginPage({ ...input, settings, nonce: NONCE_STAND_IN }),
            NONCE_STAND_IN,
          );
        } catch (err) {
          warn(`login page first paint failed: ${(err as Error).message}`);
          return undefined;
        }
        if (kept.size >= KEPT_RENDERS) kept.delete(kept.keys().next().value as string);
      } else kept.delete(key);
      kept.set(key, markup);
      return markup.replaceAll(NONCE_STAND_IN, input.nonce);
    };
  } catch (err) {
    warn(`login page first paint not loaded (${file}): ${(err as Error).message}`);
    return undefined;
  }
}
