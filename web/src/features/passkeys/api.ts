import { passkeysEndpoints as e } from '@portico/contracts';
import { call } from '../../api/endpoint';
import { createPasskey } from '../../lib/passkeyCeremony';

// The passkeys page's calls (contracts/src/passkeys.ts), behind the bearer token; adding and
// removing ask for the step-up proof first (web/src/api/endpoint.ts opens the dialog).

export const PASSKEYS_KEY = ['account', 'passkeys'] as const;
export const listPasskeys = () => call(e.list, {});

/** The whole making of a passkey: the challenge, the browser's dialog, then the server keeps it under `name`. */
export async function addPasskey(name: string) {
  const { options } = await call(e.registrationOptions, {});
  const response = await createPasskey(options);
  return call(e.register, { name, response });
}
export const renamePasskey = (id: string, name: string) => call(e.rename, { id, name });
export const removePasskey = (id: string) => call(e.remove, { id });
