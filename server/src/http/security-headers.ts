import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';

// Google's reCAPTCHA, allowed only when it is the configured captcha (web/src/components/Captcha.tsx).
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

type ProviderConfig = Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_SCRIPT_URL' | 'FACEBOOK_APP_ID' | 'FACEBOOK_SDK_URL'>;

/**
 * What the configured sign-in providers' scripts need (issue 25): Google Identity Services loads
 * from, frames, styles and calls the script's origin (accounts.google.com); Facebook's SDK loads
 * from its origin and opens its dialog in facebook.com frames. Nothing without the variables.
 */
function providerSources(config: Partial<ProviderConfig>) {
  const origin = (url: string | undefined) => (url && URL.canParse(url) ? new URL(url).origin : null);
  const google = config.GOOGLE_CLIENT_ID ? origin(config.GOOGLE_SCRIPT_URL) : null;
  const facebook = config.FACEBOOK_APP_ID ? origin(config.FACEBOOK_SDK_URL) : null;
  const facebookFrames = facebook ? ['https://www.facebook.com', 'https://web.facebook.com'] : [];
  return {
    script: [google, facebook].filter((o): o is string => !!o),
    frame: [...(google ? [google] : []), ...facebookFrames],
    connect: google ? [google] : [],
    style: google ? [google] : [],
  };
}

/** Who may frame the portal: itself and the configured EMBED_ORIGINS, nobody else. */
export const frameAncestors = (config: Pick<Config, 'EMBED_ORIGINS'>) => ["'self'", ...config.EMBED_ORIGINS].join(' ');

/**
 * The Content-Security-Policy of the web app: no inline or foreign script, so an injected
 * `<script>` does not run (the one exception, `scriptHash`, is the sign-in start page's own
 * script, allowed by its SHA-256: docs/decisions/007-sign-in-start-page.md), and no inline style either (issue 24 point 3): the `<style>` elements
 * Mantine and the modal scroll lock write at run time carry the page's nonce (`nonce`, given to the
 * HTML page by server/src/web/static.ts and read by web/src/lib/cspNonce.ts), an injected one
 * does not apply, and style attributes are refused (React sets styles through the CSSOM, which a
 * policy does not block). Images: the portal, data: and blob: URLs and IMAGE_ORIGINS only.
 * Why and what it costs: docs/decisions/005-no-inline-styles.md.
 */
export function appContentSecurityPolicy(
  config: Pick<Config, 'EMBED_ORIGINS' | 'CAPTCHA_PROVIDER' | 'IMAGE_ORIGINS'> & Partial<ProviderConfig>,
  nonce?: string,
  { scriptHash }: { scriptHash?: string } = {},
): string {
  const recaptcha = config.CAPTCHA_PROVIDER === 'recaptcha';
  const providers = providerSources(config);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      // Only the sign-in start page and the login page's first paint have an inline script, each allowed by
      // its hash (server/src/web/sign-in-start.ts, server/src/web/first-paint.ts).
      ...(scriptHash ? [`'${scriptHash}'`] : []),
      ...(recaptcha ? RECAPTCHA.script : []),
      ...providers.script,
    ],
    'style-src': ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...providers.style],
    'img-src': ["'self'", 'data:', 'blob:', ...config.IMAGE_ORIGINS],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...providers.connect],
    'frame-src': ["'self'", ...(recaptcha ? RECAPTCHA.frame : []), ...providers.frame],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': [frameAncestors(config)],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Answers that may carry a person's data (every account endpoint, the products' back-office API,
 * the provider's userinfo) are
 * never stored by a browser or a proxy: a shared computer's back button or a cache must not show
 * them to the next person (issue 24 point 2; server/src/http/no-store.test.ts walks the routes).
 */
// The guardian's pages answer with a child's name and age (server/src/features/guardian).
const PRIVATE_PREFIXES = ['/api/account/', '/api/product/', '/api/admin/', '/api/guardian/', '/oidc/me'];
export const isPrivatePath = (url: string) => PRIVATE_PREFIXES.some((prefix) => url.startsWith(prefix));
/** The URL's path percent-decoded (a malformed escape leaves it as it is). */
const decodedPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * Security headers on every answer. The provider's own pages (server/src/oidc/pages.ts) replace
 * the policy with one that names their nonce and the relying parties' logout frames.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const common: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    // Sign-in URLs carry interaction ids and codes: never hand them to another site.
    ['referrer-policy', 'no-referrer'],
    ['cross-origin-opener-policy', 'same-origin-allow-popups'],
    ['permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=()'],
  ];
  if (config.EMBED_ORIGINS.length === 0) common.push(['x-frame-options', 'SAMEORIGIN']);
  if (config.publicUrl.startsWith('https:'))
    common.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  const csp = appContentSecurityPolicy(config);
  // onRequest, before @fastify/middie hands /oidc to oidc-provider: headers set on the raw
  // response reach both Fastify's and the provider's answers.
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of common) reply.raw.setHeader(name, value);
    reply.raw.setHeader('content-security-policy', csp);
    // The path as the router read it: /api/%61ccount/me is /api/account/me too.
    if (isPrivatePath(request.url) || isPrivatePath(decodedPath(request.url)))
      reply.raw.setHeader('cache-control', 'no-store');
  });
}
