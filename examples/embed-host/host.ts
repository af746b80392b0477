// A minimal host for Portico's embedded pages (docs/embedding.md): one page on its own origin that
// frames a portal page, sizes the frame from the portal's `resize` messages, lists every message
// it receives (only from the portal's origin), and can send `hide-register`. The browser journeys
// use it as their host (e2e/embedding.e2e.ts).
//
//   PORTAL_URL=http://localhost:3000 PORT=4000 npm exec -- node examples/embed-host/host.ts
//
// Then add http://localhost:4000 to the portal's EMBED_ORIGINS and open http://localhost:4000.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EmbedHost = { url: string; close(): Promise<void> };

/** The embedded routes the page offers (contracts/src/embed.ts EMBEDDED_PATHS and the login page). */
const ROUTES = ['/app', '/info', '/address', '/change-password', '/delete-account', '/login?embedded=1'];

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The portal page `src` names (a path, or a URL of the portal), else the /app wrapper: never another site or scheme. */
const portalPage = (portal: URL, src: string): string => {
  try {
    const url = new URL(src, portal);
    if (url.origin === portal.origin) return url.toString();
  } catch {
    // not a URL: the default below
  }
  return new URL('/app', portal).toString();
};

/** The host page: `src` is the portal path (or URL) to frame. */
export function hostPage(portalUrl: string, src: string): string {
  const portal = new URL(portalUrl);
  const frameUrl = portalPage(portal, src);
  const links = ROUTES.map((r) => `<a href="?src=${encodeURIComponent(r)}">${escapeHtml(r)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Embed host</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 0; padding: 12px; background: #f4f6f8; }
  iframe { display: block; width: 100%; max-width: 480px; height: 600px; border: 1px solid #ccd; border-radius: 8px; background: #fff; }
  #log { font: 12px ui-monospace, monospace; white-space: pre-wrap; overflow-wrap: anywhere; max-width: 480px; }
</style></head>
<body>
<p>${links}</p>
<p><button type="button" id="hide">Send hide-register</button></p>
<iframe id="portal" title="Portico" src="${escapeHtml(frameUrl)}" allow="publickey-credentials-get; publickey-credentials-create"></iframe>
<h2>Messages</h2>
<div id="log" role="log"></div>
<script>
  const PORTAL_ORIGIN = ${JSON.stringify(portal.origin)};
  const frame = document.getElementById('portal');
  window.received = [];
  addEventListener('message', (event) => {
    // Only the portal's messages: anything else on this page's window is not Portico's.
    if (event.origin !== PORTAL_ORIGIN || event.source !== frame.contentWindow) return;
    const message = event.data;
    window.received.push({ origin: event.origin, data: message });
    if (message && message.type === 'resize') frame.style.height = message.height + 'px';
    const line = document.createElement('div');
    line.textContent = JSON.stringify(message);
    document.getElementById('log').prepend(line);
  });
  document.getElementById('hide').addEventListener('click', () =>
    frame.contentWindow.postMessage({ type: 'hide-register' }, PORTAL_ORIGIN),
  );
</script>
</body></html>`;
}

/**
 * Serves the host page on `port` (0: any free one) of 127.0.0.1, named localhost like the portal
 * (one site). `portalUrl` may be a function, read at each request (a test learns it later).
 */
export async function startEmbedHost({
  portalUrl,
  port = 0,
}: {
  portalUrl: string | (() => string);
  port?: number;
}): Promise<EmbedHost> {
  const server: Server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://localhost').searchParams.get('src') ?? '/app';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(hostPage(typeof portalUrl === 'function' ? portalUrl() : portalUrl, src));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const host = await startEmbedHost({
    portalUrl: process.env.PORTAL_URL ?? 'http://localhost:3000',
    port: Number(process.env.PORT ?? 4000),
  });
  console.log(`Embed host on ${host.url} (add it to the portal's EMBED_ORIGINS)`);
}
