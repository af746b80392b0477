import { setNonce } from 'get-nonce';

/**
 * The page's style nonce (server/src/web/static.ts puts it in a meta tag and in the page's CSP,
 * server/src/http/security-headers.ts): every `<style>` the app writes at run time carries it, or
 * the browser ignores it. Empty under the Vite dev server, which sends no policy.
 */
export const cspNonce = (): string => document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';

/** Hands the nonce to the libraries that write their own style elements (the modals' scroll lock). */
export function shareCspNonce(): void {
  const nonce = cspNonce();
  if (nonce) setNonce(nonce);
}
