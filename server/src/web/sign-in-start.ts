import { createHash } from 'node:crypto';
import type { SignInStartConfig } from '@portico/contracts';
import { jsonScript } from './json-script.js';

// The sign-in start page (issue 27 point 1): a signed-out visitor of the account area goes to the
// provider's authorize endpoint without booting the app first. The page is index.html itself with
// the app's tags (its module script, preloads and styles) set aside in <template id="portico-app">,
// what the start script needs as JSON, and the script inline, allowed by the page's policy by its
// SHA-256 (the app that may boot on the page gets no inline-script allowance from it)
// (web/src/start/signInStart.ts, built into dist/start.js by web/vite.config.ts). The script boots
// the app from the template when a session is stored in this browser, so a signed-in person's
// page is the same app as before.

// What Vite writes into index.html's head for the entry: its module script, preloads, styles.
const APP_TAGS = /\s*(<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|stylesheet)"[^>]*>)/g;

/** The start page and its script's hash for the page's policy, or null when index.html holds no app tags to set aside. */
export function signInStartPage(
  indexHtml: string,
  startScript: string,
  config: SignInStartConfig,
): { html: string; scriptHash: string } | null {
  const tags = [...indexHtml.matchAll(APP_TAGS)].map((m) => m[1]);
  if (tags.length === 0 || !indexHtml.includes('</body>')) return null;
  const page = indexHtml.replace(APP_TAGS, '');
  const tail = [`<template id="portico-app">${tags.join('')}</template>`, jsonScript('portico-start', config)].join(
    '\n    ',
  );
  // The script's text is ours (the build's output): only a closing tag inside it would matter.
  const script = startScript.replace(/<\/script/gi, '<\\/script');
  return {
    // A function replacement: a `$&` in the script's text is no pattern.
    html: page.replace('</body>', () => `    ${tail}\n    <script>${script}</script>\n  </body>`),
    scriptHash: `sha256-${createHash('sha256').update(script).digest('base64')}`,
  };
}
