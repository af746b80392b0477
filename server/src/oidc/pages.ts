import { randomBytes } from 'node:crypto';
import { type Locale, messages, pickLocale } from '@portico/contracts';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../lib/html.js';

// The few pages oidc-provider itself renders: small, self-contained, in the reader's language.

export function pageLocale(ctx: KoaContextWithOIDC): Locale {
  const uiLocales = ctx.oidc?.params?.ui_locales as string | undefined;
  return pickLocale(uiLocales ?? ctx.get('accept-language'));
}

export const text = (locale: Locale, key: keyof (typeof messages)['vi-VN']) => messages[locale][key] as string;

/**
 * Sends a page with its own Content-Security-Policy: its one inline style and script run by nonce
 * (nothing else does), and `frames` names the origins it may load in iframes (front-channel logout).
 * frame-ancestors stays what server/src/http/security-headers.ts set for every answer.
 */
function sendPage(ctx: KoaContextWithOIDC, html: (nonce: string) => string, frames: string[] = []) {
  const nonce = randomBytes(16).toString('base64');
  const ancestors = /frame-ancestors [^;]*/.exec(String(ctx.response.get('content-security-policy')))?.[0];
  const origins = [...new Set(frames.map((f) => new URL(f).origin))];
  ctx.set(
    'content-security-policy',
    [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "img-src 'self'",
      `frame-src ${origins.length ? origins.join(' ') : "'none'"}`,
      "base-uri 'none'",
      ancestors ?? "frame-ancestors 'self'",
    ].join('; '),
  );
  ctx.type = 'html';
  ctx.body = html(nonce);
}

function page(nonce: string, locale: Locale, title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="${locale === 'en-US' ? 'en' : 'vi'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">body{font:16px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f7fb;color:#1f2937;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(15,23,42,.08);padding:2rem;max-width:380px;width:calc(100% - 2rem);text-align:center}
h1{font-size:1.25rem;margin:0 0 1.5rem}button{font:inherit;font-weight:600;width:100%;padding:.7rem;border-radius:8px;border:0;margin:.25rem 0;cursor:pointer}
.primary{background:#1c7ed6;color:#fff}.secondary{background:#e9ecef;color:#1f2937}iframe{display:none}</style></head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;
}

/**
 * End-session page. It loads the front-channel logout URI of every client in the session
 * (OIDC Front-Channel Logout 1.0) in hidden iframes, then submits oidc-provider's logout form.
 * With a valid id_token_hint for the account signed in here the relying party has proven the
 * request, so it goes on without asking; a hint for another account, or none, makes the user
 * confirm first (a plain link, or a token of someone else, must not sign anyone out).
 */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const locale = pageLocale(ctx);
  const session = ctx.oidc.session;
  const frames: string[] = [];
  const frameUrls: string[] = [];
  for (const [clientId, authorization] of Object.entries(session?.authorizations ?? {})) {
    const client = await ctx.oidc.provider.Client.find(clientId);
    const uri = client?.frontchannel_logout_uri as string | undefined;
    if (!uri) continue;
    const url = new URL(uri);
    if (client?.frontchannel_logout_session_required && authorization?.sid) {
      url.searchParams.set('iss', ctx.oidc.issuer);
      url.searchParams.set('sid', authorization.sid);
    }
    frameUrls.push(url.toString());
    frames.push(`<iframe src="${escapeHtml(url.toString())}" title="logout"></iframe>`);
  }
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const confirmed = !!session?.accountId && hint?.payload?.sub === session.accountId;
  // A hint for someone else names no sign-in of this browser: answering "no" must then leave
  // this account's sign-in to that client alone (oidc-provider ends the hinted client's on "no").
  if (hint && !confirmed && session) session.state = { ...session.state, clientId: undefined };
  const body = `<h1>${escapeHtml(text(locale, confirmed ? 'signing_out' : 'confirm_logout'))}</h1>
${form.replace('<form ', '<form data-portico="logout" ')}
<div id="frames"></div>
${
  confirmed
    ? ''
    : `<button class="primary" type="button" id="yes">${escapeHtml(text(locale, 'logout_yes'))}</button>
<button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(text(locale, 'logout_no'))}</button>`
}`;
  // Frames load only once the user has said yes, then the form is sent (at most 3 s later).
  const script = `(function(){var f=document.getElementById('op.logoutForm');var frames=${JSON.stringify(frames)};
function go(){var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);
var left=frames.length,done=false;function submit(){if(!done){done=true;f.submit();}}
if(!left)return submit();var box=document.getElementById('frames');frames.forEach(function(h){box.insertAdjacentHTML('beforeend',h);
box.lastChild.addEventListener('load',function(){if(--left<=0)submit();});});setTimeout(submit,3000);}
var yes=document.getElementById('yes');if(yes){yes.addEventListener('click',go);}else{go();}})();`;
  sendPage(ctx, (nonce) => page(nonce, locale, text(locale, 'confirm_logout'), body, script), frameUrls);
}

/** Shown after a logout that has no post_logout_redirect_uri: back to the portal's home. */
export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  const locale = pageLocale(ctx);
  const home = locale === 'en-US' ? '/en-us/' : '/';
  sendPage(ctx, (nonce) =>
    page(
      nonce,
      locale,
      text(locale, 'logout_success'),
      `<h1>${escapeHtml(text(locale, 'logout_success'))}</h1><a href="${home}"><button class="primary" type="button">${escapeHtml(text(locale, 'common_go_home'))}</button></a>`,
    ),
  );
}
