import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { startFakeGoogle } from '../../testing/fake-google.js';
import { createGoogleVerifier, type GoogleVerifier } from './index.js';

// The Google adapter against a local fake key set (issue 25 point 1 and its API tests): only a
// token Google signed for this client, in its time, with a verified e-mail, is an identity.

const CLIENT_ID = 'portico-test.apps.googleusercontent.com';

describe('Google ID token check', () => {
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  let verifier: GoogleVerifier;
  beforeAll(async () => {
    google = await startFakeGoogle(CLIENT_ID);
    verifier = createGoogleVerifier({
      clientId: CLIENT_ID,
      issuer: google.issuer,
      jwksUrl: google.jwksUrl,
      refetchCooldownSeconds: 0,
    });
  });
  afterAll(() => google.close());

  const refused = async (credential: string) => {
    const failure = await verifier.verify(credential).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 400, messageKey: 'login_invalid_external_info' });
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('turns a good token into the identity, the e-mail lower-cased', async () => {
    expect(await verifier.verify(await google.sign({ email: 'Lan.Nguyen@Gmail.com' }))).toEqual({
      provider: 'google',
      subject: '110169484474386276334',
      email: 'lan.nguyen@gmail.com',
      emailVerified: true,
      name: 'Lan Nguyễn',
      givenName: 'Lan',
      familyName: 'Nguyễn',
      picture: null,
    });
    // Google writes its issuer both ways.
    expect((await verifier.verify(await google.sign({ iss: 'accounts.google.com' }))).subject).toBe(
      '110169484474386276334',
    );
  });

  it('refuses a wrong audience, an unknown issuer, a bad signature and a malformed token', async () => {
    await refused(await google.sign({ aud: 'someone-else.apps.googleusercontent.com' }));
    // Ours among others' (OIDC Core 3.1.3.7: an audience it does not trust).
    await refused(await google.sign({ aud: [CLIENT_ID, 'someone-else.apps.googleusercontent.com'] }));
    await refused(await google.sign({ iss: 'https://evil.example.com' }));
    await refused(await google.sign({}, { key: await google.forgerKey() }));
    await refused('not.a.token');
    await refused('');
  });

  it('refuses an expired token and one issued in the future, past 60 s of leeway; within it, accepts', async () => {
    await refused(await google.sign({ iat: now() - 7200, exp: now() - 61 }));
    expect((await verifier.verify(await google.sign({ iat: now() - 7200, exp: now() - 30 }))).subject).toBeTruthy();
    await refused(await google.sign({ iat: now() + 120, exp: now() + 3600 }));
    expect((await verifier.verify(await google.sign({ iat: now() + 30 }))).subject).toBeTruthy();
  });

  it('asks for a verified e-mail and a subject (spec sign-in §5)', async () => {
    await refused(await google.sign({ email_verified: false }));
    await refused(await google.sign({ email: undefined }));
    await refused(await google.sign({ sub: '' }));
  });

  it('fetches the key set once, and again when a token names a key it has not seen (rotation)', async () => {
    const before = google.fetches;
    await verifier.verify(await google.sign());
    expect(google.fetches).toBe(before);
    await google.rotate();
    expect((await verifier.verify(await google.sign())).subject).toBeTruthy();
    expect(google.fetches).toBe(before + 1);
  });

  it('is off without a client id: every token is refused', async () => {
    const off = createGoogleVerifier({ clientId: '', issuer: google.issuer, jwksUrl: google.jwksUrl });
    const failure = await off.verify(await google.sign()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ messageKey: 'login_invalid_external_info' });
  });
});
