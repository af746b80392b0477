import { pickLocale, timezoneOr } from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { CallerContext } from '../lib/caller.js';

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
