import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';

// The browser's side of a passkey ceremony (issue 32 point 1), shared by the passkeys page (make
// one) and the login page (sign in with one): @simplewebauthn/browser turns the server's options
// (contracts/src/passkeys.ts) into navigator.credentials calls and their answers into JSON.

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();
export const passkeyAutofillSupported = (): Promise<boolean> => browserSupportsWebAuthnAutofill();

/** The answer as the contract takes it: the extension results are a plain record there. */
const asSent = <R extends { clientExtensionResults: object }>(answer: R) => ({
  ...answer,
  clientExtensionResults: answer.clientExtensionResults as Record<string, unknown>,
});

/** Makes a passkey for the server's creation options; the browser asks for the screen lock or biometrics. */
export const createPasskey = async (options: Record<string, unknown>) =>
  asSent(await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));

/**
 * Answers a sign-in challenge with a passkey the person picks: in the browser's own dialog, or
 * (`autofill`) from the username field's suggestions, waiting until they pick one.
 */
export const answerWithPasskey = async (options: Record<string, unknown>, autofill = false) =>
  asSent(
    await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    }),
  );

/** Stops a waiting autofill ceremony (leaving the page, or the button starting its own). */
export const stopPasskeyCeremony = () => WebAuthnAbortService.cancelCeremony();

/**
 * The person closed the browser's dialog, it timed out, or another ceremony replaced it: nothing
 * to report as an error. (The browser says NotAllowedError for all of these, on purpose.)
 */
export const passkeyCancelled = (err: unknown): boolean => {
  const name = (err as { name?: string; cause?: { name?: string } } | null)?.name;
  const cause = (err as { cause?: { name?: string } } | null)?.cause?.name;
  return name === 'AbortError' || name === 'NotAllowedError' || cause === 'NotAllowedError' || cause === 'AbortError';
};
