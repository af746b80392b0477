import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  type AppSettings,
  type InteractionDetails,
  interactionUid,
  LOCALES,
  type Locale,
  localeFromPath,
  rawReturnUrl,
  type SignInStartConfig,
  startsSignIn,
  stripLocalePrefix,
} from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { appContentSecurityPolicy } from '../http/security-headers.js';
import { FIRST_PAINT_SCRIPT_HASH, firstPaintFits, firstPaintHtml, loadFirstPaint } from './first-paint.js';
import { jsonScript } from './json-script.js';
import { preloadTags, type ViteManifest } from './page-preloads.js';
import { signInStartPage } from './sign-in-start.js';

// Paths the server owns; anything else is a page of the React app.
const SERVER_PATHS = /^\/(api|oidc|dev|healthz|readyz|metrics|payment)(\/|$|\?)/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built React app, answering every page route with index.html (client-side routing).
 * Assets are sent pre-compressed (brotli or gzip, written at build time by web/vite.config.ts)
 * when the browser accepts it; hashed names are cached for a year, everything else revalidated.
 * Source maps are served in development only.
 */
export async function webRoutes(
  app: FastifyInstance,
  distDir: string,
  opts: {
    sourceMaps: boolean;
    config: Parameters<typeof appContentSecurityPolicy>[0];
    signIn: SignInStartConfig;
    /** The app settings (GET /api/app-settings), written into every page: no call before the first render. */
    settings: AppSettings;
    /**
     * What GET /api/account/interaction/:uid answers, written into a login page opened for that
     * provider interaction: its first render needs no call (issue 27 point 1). Undefined when the
     * interaction is unknown or over; the page then asks and shows why.
     */
    interactionDetails?: (uid: string) => Promise<InteractionDetails | undefined>;
  },
) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    return;
  }
  // A function replacement: a `$&` or `$'` in the settings or the script is no String.replace pattern.
  const withHead = (html: string, tags: string) =>
    tags ? html.replace('</head>', () => `  ${tags}\n  </head>`) : html;
  const baseHtml = withHead(await readFile(indexFile, 'utf8'), jsonScript('portico-settings', opts.settings));
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(await readFile(manifestFile, 'utf8')) as ViteManifest) : {};
  const startFile = path.join(distDir, 'start.js');
  const startScript = existsSync(startFile) ? await readFile(startFile, 'utf8') : null;
  const pagesIn = (locale: Locale) => {
    // Every page preloads its language's catalogue (web/vite.messages.ts), which the app awaits
    // before its first render.
    const index = withHead(baseHtml, preloadTags(manifest, `messages-${locale}`)).replace(
      /<html lang="[^"]*">/,
      // Mantine's colour scheme from the start (the app sets the same): a first paint has its colours.
      () => `<html lang="${locale}" data-mantine-color-scheme="light">`,
    );
    return {
      index,
      // A login page with a provider interaction (the others start a sign-in first) preloads its code.
      login: withHead(index, preloadTags(manifest, 'LoginPage')),
      start: startScript ? signInStartPage(index, startScript, opts.signIn) : null,
    };
  };
  // The login page's first paint, when the web app's server build is beside its build (first-paint.ts).
  const firstPaint = await loadFirstPaint(path.join(distDir, '..', 'dist-ssr'), opts.settings, (message) =>
    app.log.warn(message),
  );
  const pages = Object.fromEntries(LOCALES.map((locale) => [locale, pagesIn(locale)])) as Record<
    Locale,
    ReturnType<typeof pagesIn>
  >;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own header below; the plugin's (max-age=0) would replace it.
    cacheControl: false,
    allowedPath: (pathname) => opts.sourceMaps || !pathname.endsWith('.map'),
    // Hashed asset names never change content, so browsers may keep them.
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/*', async (request, reply) => {
    const url = request.url;
    if (SERVER_PATHS.test(url)) return reply.callNotFound();
    const at = url.indexOf('?');
    const pathname = at < 0 ? url : url.slice(0, at);
    const query = at < 0 ? '' : url.slice(at + 1);
    if (!opts.sourceMaps && pathname.endsWith('.map')) return reply.callNotFound();
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return reply.callNotFound(); // a malformed escape names no file and no page
    }
    // Nothing under a dot name (the build's .vite/manifest.json) is served.
    if (/(^|\/)\./.test(decoded)) return reply.callNotFound();
    // Files at the top of dist (favicon, robots.txt) are served as they are.
    const file = path.join(distDir, path.normalize(decoded).replace(/^(\.\.(\/|\\|$))+/, ''));
    if (file.startsWith(distDir + path.sep) && path.extname(file) && existsSync(file)) {
      return reply.sendFile(path.relative(distDir, file));
    }
    // A nonce per page: the style elements the app writes carry it (security-headers.ts).
    const nonce = randomBytes(16).toString('base64');
    const page = pages[localeFromPath(pathname)];
    const start =
      page.start && startsSignIn(stripLocalePrefix(pathname), new URLSearchParams(query)) ? page.start : null;
    const login = !start && stripLocalePrefix(pathname) === '/login';
    const search = new URLSearchParams(query);
    const uid = login ? interactionUid(rawReturnUrl(search)) : null;
    const details = uid ? await opts.interactionDetails?.(uid).catch(() => undefined) : undefined;
    const painted =
      details && firstPaint && firstPaintFits(details, search, request.cookies, request.headers['sec-fetch-dest'])
        ? firstPaint({ locale: localeFromPath(pathname), url, details, nonce })
        : undefined;
    const html = start
      ? start.html
      : login
        ? withHead(page.login, details ? jsonScript('portico-interaction', details) : '').replace(
            '<div id="root">',
            () => (painted ? `${firstPaintHtml(painted, nonce)}<div id="root">` : '<div id="root">'),
          )
        : page.index;
    return (
      reply
        .type('text/html; charset=utf-8')
        // A page that carries a sign-in's details (its login hint) is this visitor's alone.
        .header('cache-control', details ? 'no-store' : 'no-cache')
        // The start page's and the first paint's one inline script are allowed by their hash, nothing
        // else (sign-in-start.ts, first-paint.ts).
        .header(
          'content-security-policy',
          appContentSecurityPolicy(opts.config, nonce, {
            scriptHash: start?.scriptHash ?? (painted ? FIRST_PAINT_SCRIPT_HASH : undefined),
          }),
        )
        .send(html.replace('<head>', () => `<head>\n    <meta name="csp-nonce" content="${nonce}" />`))
    );
  });
}
