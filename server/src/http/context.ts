import { type Locale, pickLocale, timezoneOr } from '@portico/contracts';
import type { FastifyRequest } from 'fastify';

/** Who is calling from where, in which language: read once per request from its headers. */
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

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function callerContext(request: FastifyRequest): CallerContext {
  const region = header(request, 'cf-ipcountry') ?? header(request, 'x-region');
  const zone = header(request, 'x-timezone');
  return {
    ip: request.ip,
    userAgent: header(request, 'user-agent') ?? '',
    region: region && /^[\w -]{1,64}$/.test(region) ? region : null,
    locale: pickLocale(header(request, 'accept-language')),
    timeZone: timezoneOr(zone),
  };
}
