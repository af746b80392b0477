// The login page's first load in headless Chromium (Debian's, via playwright-core), a fresh profile
// each run (empty cache), under Lighthouse's "slow 4G" conditions through Chromium's own emulation
// (issue 27 point 5): 150 ms round trip per request, 1.6 Mbit/s down, 750 kbit/s up, the CPU 4×
// slower, 390 px wide. Each start runs three times; the time to the username field is their median.
// The field's time is the first frame that lays it out visible (a requestAnimationFrame watch in
// the page, so a busy main thread does not delay the reading), whether the server drew it (the
// first paint, server/src/web/first-paint.ts) or the app did; beside it, when the app's own form is
// in place (the first paint gone). Counted until the field is visible: the bytes as transferred
// (Chromium's encoded body sizes and headers: it sends Accept-Encoding br/gzip), JS+CSS apart;
// until the app's form: the app boots, documents whose page loaded the app's entry script
// (web/dist/index.html's module script).
import type { BrowserContext, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/harness.js';
import { BENCH_CLIENT } from './lib/server.js';

/** Lighthouse's mobile "slow 4G" (its throttling constants), applied through the DevTools protocol. */
export const SLOW_4G = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4, width: 390 };
const RUNS = 3;

export type PageLoadFigure = {
  scenario: keyof typeof PAGE_LOAD_SCENARIOS;
  /** Median time to the username field over RUNS runs, and each run's. */
  ms: number;
  runsMs: number[];
  /** Median time until the app's own form is in place (the server's first paint replaced). */
  appMs: number;
  /** Everything the browser received before the form showed (documents, JS, CSS, API, images). */
  wireBytes: number;
  jsCssBytes: number;
  jsCssFiles: number;
  boots: number;
  bootUrls: string[];
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
  /** A signed-out person opens the portal's account home: its own sign-in, then /login. */
  account: (base: string) => `${base}/account`,
  /** A person opens the portal's /login. */
  portal: (base: string) => `${base}/login`,
};

/** Applies SLOW_4G to the page (the emulation stays with it across navigations). */
async function throttle(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: (SLOW_4G.downloadKbps * 1000) / 8,
    uploadThroughput: (SLOW_4G.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown });
  return page;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Runs in every document of the page: notes (epoch ms) the first frame with the field visible,
 * then the app's form. A string, as the page gets it (a compiled function may call helpers the
 * page does not have).
 */
const WATCH_THE_FIELD = `(() => {
  const look = () => {
    const field = document.querySelector('input[name="username"]');
    const now = performance.timeOrigin + performance.now();
    if (field && field.checkVisibility()) {
      window.__fieldAt ??= now;
      if (!document.getElementById('first-paint')) window.__appFormAt ??= now;
    }
    if (window.__appFormAt === undefined) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

export async function benchPageLoad(base: string): Promise<PageLoadFigure[]> {
  const browser = await launchBrowser();
  const out: PageLoadFigure[] = [];
  const origin = new URL(base).origin;
  try {
    for (const scenario of Object.keys(PAGE_LOAD_SCENARIOS) as (keyof typeof PAGE_LOAD_SCENARIOS)[]) {
      const runs: Omit<PageLoadFigure, 'ms' | 'runsMs' | 'appMs' | 'scenario'>[] = [];
      const times: number[] = [];
      const appTimes: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: SLOW_4G.width, height: 800 } });
        const page = await throttle(context);
        await page.addInitScript({ content: WATCH_THE_FIELD });
        const all: Request[] = [];
        const boots: { at: number; url: string }[] = [];
        page.on('request', (request) => {
          // The app's entry script (web/dist/index.html): its page is an app boot.
          if (new URL(request.url()).pathname.match(/^\/assets\/index-[^/]+\.js$/))
            boots.push({ at: Date.now(), url: new URL(request.frame().url()).pathname });
        });
        page.on('requestfinished', (request) => {
          if (new URL(request.url()).origin !== origin) return;
          all.push(request);
        });
        const t0 = Date.now();
        await page.goto(PAGE_LOAD_SCENARIOS[scenario](base), { waitUntil: 'commit' });
        const appFormAt = Number(
          await (
            await page.waitForFunction(() => (window as { __appFormAt?: number }).__appFormAt, null, {
              timeout: 60_000,
            })
          ).jsonValue(),
        );
        const fieldAt = Number(await page.evaluate(() => (window as { __fieldAt?: number }).__fieldAt));
        times.push(Math.round(fieldAt - t0));
        appTimes.push(Math.round(appFormAt - t0));
        await page.waitForLoadState('networkidle');
        // What had arrived when the field showed: requests whose answer had ended by then.
        const ended = (r: Request) => r.timing().startTime + r.timing().responseEnd;
        const atForm = all.filter((r) => ended(r) <= fieldAt);
        const bootUrls = boots.filter((b) => b.at <= appFormAt).map((b) => b.url);
        await new Promise((r) => setTimeout(r, 500));
        const sizes = new Map<Request, { body: number; headers: number }>();
        for (const r of all) {
          const s = await r.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
          sizes.set(r, { body: s.responseBodySize, headers: s.responseHeadersSize });
        }
        const isJsCss = (r: Request) => ['script', 'stylesheet'].includes(r.resourceType());
        const body = (list: Request[]) => list.reduce((sum, r) => sum + (sizes.get(r)?.body ?? 0), 0);
        runs.push({
          wireBytes: atForm.reduce((sum, r) => sum + (sizes.get(r)?.body ?? 0) + (sizes.get(r)?.headers ?? 0), 0),
          jsCssBytes: body(atForm.filter(isJsCss)),
          jsCssFiles: atForm.filter(isJsCss).length,
          boots: bootUrls.length,
          bootUrls,
          settledBytes: body(all.filter(isJsCss)),
          largest: atForm
            .filter(isJsCss)
            .map((r): [string, number] => [new URL(r.url()).pathname, sizes.get(r)?.body ?? 0])
            .sort((a, b) => b[1] - a[1])
            .slice(0, 8),
        });
        await context.close();
      }
      // Bytes and boots are the same each run (a fresh cache); the first run's are reported.
      const first = runs[0];
      if (first) out.push({ scenario, ms: median(times), runsMs: times, appMs: median(appTimes), ...first });
    }
  } finally {
    await browser.close();
  }
  return out;
}
