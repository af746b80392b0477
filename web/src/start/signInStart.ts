import { stripLocalePrefix } from '@portico/contracts/locales';
import { type SignInStartConfig, startsSignIn } from '@portico/contracts/pages';
import { carryLoginOptions } from '../lib/carriedLoginOptions';
import { hasStoredUser } from '../session/oidc-light';
import { createSignInRequest, loginSearchFor } from './signInRequest';

// The only script of the sign-in start page: the server answers a page that needs a signed-in
// person (contracts/src/pages.ts startsSignIn) with index.html whose app tags wait in
// <template id="portico-app">, plus this script inline (server/src/web/static.ts). A visitor
// without a stored session goes straight to the provider's authorize endpoint, so the app boots
// once, on the login page, instead of twice (issue 27 point 1); anyone else gets the app at once.
// Built on its own by web/vite.config.ts (signInStartScript) into dist/start.js.

/**
 * Adds the app's tags the server set aside: the preloads and styles at once, the module script
 * once the styles are in, so the app never renders unstyled (a style added by a script does not
 * hold the first paint as one in the HTML does).
 */
function bootApp(): void {
  const template = document.getElementById('portico-app');
  if (!(template instanceof HTMLTemplateElement)) return;
  // New elements rather than clones: a script parsed inside a template never runs.
  const copy = (tag: Element) => {
    const element = document.createElement(tag.tagName.toLowerCase());
    for (const attribute of Array.from(tag.attributes)) element.setAttribute(attribute.name, attribute.value);
    return element;
  };
  const tags = Array.from(template.content.children);
  const scripts = tags.filter((tag) => tag.tagName === 'SCRIPT').map(copy);
  const styles: Promise<unknown>[] = [];
  for (const tag of tags.filter((t) => t.tagName !== 'SCRIPT')) {
    const element = copy(tag);
    if (element instanceof HTMLLinkElement && element.rel === 'stylesheet')
      styles.push(
        new Promise((done) => {
          element.addEventListener('load', done);
          element.addEventListener('error', done);
        }),
      );
    document.head.append(element);
  }
  void Promise.all(styles).then(() => document.head.append(...scripts));
}

function start(): void {
  const search = window.location.search;
  const config = document.getElementById('portico-start')?.textContent;
  if (
    !config ||
    hasStoredUser() ||
    !startsSignIn(stripLocalePrefix(window.location.pathname), new URLSearchParams(search)) ||
    !globalThis.crypto?.subtle
  ) {
    bootApp();
    return;
  }
  // The login page after the redirect takes these options (hideRegister, auto-login, campaign).
  carryLoginOptions(loginSearchFor(window.location.pathname, search));
  createSignInRequest(JSON.parse(config) as SignInStartConfig, window.location, window.localStorage).then(
    (url) => window.location.replace(url),
    bootApp,
  );
}

// Whatever fails here (storage refused, a broken config), the app starts as on any other page.
try {
  start();
} catch {
  bootApp();
}
