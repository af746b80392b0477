// The login page's first load in headless Chromium (Debian's, via playwright-core), fresh profile:
// JS + CSS bytes transferred (compressed, as the browser received them: Chromium sends
// Accept-Encoding br/gzip) and app boots before the sign-in form shows. A boot is a document
// (top-level or iframe) the server answered with the web app, i.e. any document outside /oidc/.
import type { Request } from 'playwright-core';
import { launchBrowser } from '../e2e/harness.js';
import { BENCH_CLIENT } from './lib/server.js';

export type PageLoadFigure = {
  scenario: string;
  jsCssBytes: number;
  jsCssFiles: number;
  boots: number;
  bootUrls: string[];
  ms: number;
  /** JS+CSS bytes once the network is quiet after the form showed (lazy chunks included). */
  settledBytes: number;
  /** The largest JS and CSS files before the form showed: [path, bytes]. */
  largest: [string, number][];
};

export const PAGE_LOAD_SCENARIOS = {
  /** A relying party sends the browser to /oidc/auth; the provider redirects to /login?ReturnUrl=... */
  rp: (base: string) =>
    `${base}/oidc/auth?${new URLSearchParams({
      client_id: BENCH_CLIENT.id,
      redirect_uri: BENCH_CLIENT.redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'bench',
    })}`,
  /** The portal's own sign-in: a person opens /login. */
  portal: (base: string) => `${base}/login`,
};

export async function benchPageLoad(base: string): Promise<PageLoadFigure[]> {
  const browser = await launchBrowser();
  const out: PageLoadFigure[] = [];
  try {
    for (const [scenario, start] of Object.entries(PAGE_LOAD_SCENARIOS)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const assets: Request[] = [];
      const boots: string[] = [];
      let formShown = false;
      const atForm: Request[] = [];
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (url.origin !== new URL(base).origin) return;
        const type = request.resourceType();
        if (type === 'document' && !url.pathname.startsWith('/oidc/')) boots.push(url.pathname);
        if (type === 'script' || type === 'stylesheet') {
          assets.push(request);
          if (!formShown) atForm.push(request);
        }
      });
      const t0 = Date.now();
      await page.goto(start(base));
      await page.locator('input[name="username"]').first().waitFor({ state: 'visible', timeout: 30_000 });
      formShown = true;
      const ms = Date.now() - t0;
      const bootsAtForm = boots.length;
      const bootUrls = [...boots];
      await page.waitForLoadState('networkidle');
      await new Promise((r) => setTimeout(r, 500));
      const sizes = new Map<Request, number>();
      for (const r of assets) sizes.set(r, (await r.sizes()).responseBodySize);
      const bytes = async (list: Request[]) => list.reduce((sum, r) => sum + (sizes.get(r) ?? 0), 0);
      const largest = atForm
        .map((r): [string, number] => [new URL(r.url()).pathname, sizes.get(r) ?? 0])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8);
      out.push({
        scenario,
        jsCssBytes: await bytes(atForm),
        jsCssFiles: atForm.length,
        boots: bootsAtForm,
        bootUrls,
        ms,
        settledBytes: await bytes(assets),
        largest,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
