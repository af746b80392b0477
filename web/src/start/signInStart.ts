import { stripLocalePrefix } from '@portico/contracts/locales';
import { startsSignIn } from '@portico/contracts/pages';
import { carryLoginOptions } from '../lib/carriedLoginOptions';
import { hasStoredUser } from '../session/oidc-light';
import { createSignInRequest, loginSearchFor, type StartConfig } from './signInRequest';

// The only script of the sign-in start page: the server answers a page that needs a signed-in
// person (contracts/src/pages.ts startsSignIn) with index.html whose app tags wait in
// <template id="portico-app">, plus this script inline (server/src/web/static.ts). A visitor
// without a stored session goes straight to the provider's authorize endpoint, so the app boots
// once, on the login page, instead of twice (issue 27 point 1); anyone else gets the app at once.
// Built on its own by web/vite.config.ts (signInStartScript) into dist/start.js.

/** Adds the app's scripts and styles the server set aside, as the page's own index.html has them. */
function bootApp(): void {
  const template = document.getElementById('portico-app');
  if (!(template instanceof HTMLTemplateElement)) return;
  for (const tag of Array.from(template.content.children)) {
    // New elements rather than clones: a script parsed inside a template never runs.
    const element = document.createElement(tag.tagName.toLowerCase());
    for (const attribute of Array.from(tag.attributes)) element.setAttribute(attribute.name, attribute.value);
    document.head.append(element);
  }
}

function start(): void {
  const search = new URLSearchParams(window.location.search);
  const config = document.getElementById('portico-start')?.textContent;
  if (
    !config ||
    hasStoredUser() ||
    !startsSignIn(stripLocalePrefix(window.location.pathname), search) ||
    !globalThis.crypto?.subtle
  ) {
    bootApp();
    return;
  }
  // The login page after the redirect takes these options (hideRegister, auto-login, campaign).
  carryLoginOptions(loginSearchFor(window.location.pathname, search));
  createSignInRequest(JSON.parse(config) as StartConfig, window.location, window.localStorage).then(
    (url) => window.location.replace(url),
    bootApp,
  );
}

start();
