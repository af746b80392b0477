import type { Locale } from '@portico/contracts';

/**
 * Who is calling from where, in which language: read once per request from its headers
 * (server/src/http/context.ts callerContext). Every service takes it as its caller; a step that
 * needs more of the request (the sign-in's browser cookies) adds it beside, typed.
 */
export type CallerContext = {
  ip: string;
  userAgent: string;
  /** Country or region a proxy in front reports (CF-IPCountry or X-Region), when it does. */
  region: string | null;
  /** The interface language (Accept-Language), vi-VN by default. */
  locale: Locale;
  /** The browser's IANA time zone (X-Timezone, which web/src/api/client.ts sends), Asia/Saigon by default. */
  timeZone: string;
};
