import pino, { type Logger } from 'pino';

/** A URL with the values of its secret-bearing query parameters replaced (a signed file URL's `sig`, codes, tokens). */
export const redactedUrl = (url: string): string =>
  url.replace(/([?&](?:sig|token|code|otp|access_token|id_token_hint)=)[^&#]*/gi, '$1[redacted]');

/**
 * The server's logger. A request is logged by its method and path with the secrets of its query
 * left out: a private file's signed URL (server/src/modules/files/signed-urls.ts) is a short-lived
 * key to the file, and logs outlive it in other hands.
 */
export const createLogger = (level: string): Logger =>
  pino({
    level,
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactedUrl(req.url ?? ''),
        remoteAddress: req.ip,
      }),
    },
  });
