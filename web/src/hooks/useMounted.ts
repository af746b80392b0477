import { useEffect, useState } from 'react';

/**
 * False on the server's first paint (server/src/web: renderToString, which cannot wait for a lazy
 * chunk) and on the first render in the browser, true once mounted: a part that only the
 * browser can run (a lazy chunk, WebAuthn) shows from then on.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
