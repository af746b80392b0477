import { createRequire } from 'node:module';

// Disposable (throw-away) e-mail domains from the maintained `disposable-email-domains` package
// (MIT): index.json lists exact domains, wildcard.json domains whose every subdomain is disposable.
const require = createRequire(import.meta.url);
let lists: { exact: Set<string>; wildcard: Set<string> } | undefined;
const load = () =>
  (lists ??= {
    exact: new Set(require('disposable-email-domains') as string[]),
    wildcard: new Set(require('disposable-email-domains/wildcard.json') as string[]),
  });

/** True when the address's domain (or, for wildcard entries, a parent domain) is a disposable-mail domain. */
export function isDisposableEmail(email: string): boolean {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  if (!domain) return false;
  const { exact, wildcard } = load();
  if (exact.has(domain) || wildcard.has(domain)) return true;
  const labels = domain.split('.');
  for (let i = 1; i < labels.length - 1; i++) {
    if (wildcard.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
