import { passkeysEndpoints as e } from '@portico/contracts';
import { call } from '../../api/endpoint';
import { answerWithPasskey } from '../../lib/passkeyCeremony';

/**
 * Login step 1 with a passkey (contracts/src/passkeys.ts): a challenge for this sign-in, the
 * browser's answer (its dialog, or `autofill`: the username field's suggestions), then the
 * sign-in, whose answer is a LoginAnswer like the password's.
 */
export async function signInWithPasskey(returnUrl: string, campaignId: string | null | undefined, autofill = false) {
  const { options } = await call(e.signInOptions, { returnUrl });
  const response = await answerWithPasskey(options, autofill);
  return call(e.signIn, { returnUrl, response }, { query: { campaignId: campaignId || undefined } });
}

/** Login step 3 with one of the account's passkeys: the owed step's challenge, the browser's answer, the pass. */
export async function passStepWithPasskey(returnUrl: string, rememberMachine: boolean) {
  const { options } = await call(e.secondStepOptions, { returnUrl });
  const response = await answerWithPasskey(options);
  return call(e.secondStep, { returnUrl, response, rememberMachine });
}
