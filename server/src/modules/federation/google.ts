import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { ExternalIdentity } from './port.js';
import { invalid, text } from './provider-http.js';

/** Clock difference allowed on `exp` and `iat` (issue 25: 60 s). */
export const GOOGLE_CLOCK_TOLERANCE_SECONDS = 60;

/** Google's issuer is written two ways in its tokens (developers.google.com/identity/gsi/web/guides/verify-google-id-token). */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export type GoogleVerifierOptions = {
  /** GOOGLE_CLIENT_ID: the audience every token must name. */
  clientId: string;
  /** GOOGLE_ISSUER; Google's own accepts both of its spellings. */
  issuer: string;
  /** GOOGLE_JWKS_URL: the key set, cached and refetched on an unknown key id. */
  jwksUrl: string;
  /** Seconds between two refetches of the key set for unknown key ids (jose's cooldown). */
  refetchCooldownSeconds?: number;
};

/**
 * The Google adapter: the Identity Services button hands the browser an ID token (the credential),
 * which the browser sends as it is; this checks it against Google's key set (signature, RS256,
 * `iss`, `aud` = GOOGLE_CLIENT_ID, `exp` and `iat` with 60 s of leeway) and asks for a verified
 * e-mail and a subject (spec sign-in §5: else login_invalid_external_info). A copy decoded in the
 * browser would prove nothing, so none is taken.
 */
export function createGoogleVerifier(options: GoogleVerifierOptions) {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: (options.refetchCooldownSeconds ?? 30) * 1000,
    timeoutDuration: 5000,
  });
  const issuers = options.issuer === GOOGLE_ISSUERS[0] ? GOOGLE_ISSUERS : [options.issuer];

  return {
    async verify(credential: string): Promise<ExternalIdentity> {
      if (!options.clientId || !credential) throw invalid();
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(credential, keys, {
          issuer: issuers,
          audience: options.clientId,
          algorithms: ['RS256'],
          clockTolerance: GOOGLE_CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch {
        // A wrong signature, issuer, audience or time, a malformed token, an unreachable key set:
        // the person is told the external sign-in failed (a 4xx), never a 5xx.
        throw invalid();
      }
      // Issued to this client alone: an audience list naming others is not ours to accept (OIDC Core 3.1.3.7).
      if (Array.isArray(claims.aud) && claims.aud.some((aud) => aud !== options.clientId)) throw invalid();
      const now = Math.floor(Date.now() / 1000);
      if ((claims.iat ?? 0) > now + GOOGLE_CLOCK_TOLERANCE_SECONDS) throw invalid();
      const email = text(claims.email);
      const subject = text(claims.sub);
      if (!subject || !email || claims.email_verified !== true) throw invalid();
      return {
        provider: 'google',
        subject,
        email: email.toLowerCase(),
        emailVerified: true,
        name: text(claims.name),
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        picture: text(claims.picture),
      };
    },
  };
}

export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
