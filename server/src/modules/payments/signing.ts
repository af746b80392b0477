import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors.js';
import { fetchJsonObject } from '../../lib/fetch-json.js';

// What the three adapters share: the keyed hashes, a constant-time comparison, the Vietnam-time
// stamps the gateways read, and the one failure a person is shown when a gateway cannot start.

export const hmacHex = (algorithm: 'sha256' | 'sha512', key: string, data: string) =>
  createHmac(algorithm, key).update(data, 'utf8').digest('hex');

/**
 * Whether a received hex signature is the expected one (any case; constant time). Anything but
 * hex of the expected length is refused first: the comparison is of the bytes the hex stands for.
 */
export function sameHex(expected: string, received: unknown): boolean {
  if (typeof received !== 'string' || received.length !== expected.length || !/^[0-9a-f]+$/i.test(received))
    return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(received, 'hex'));
}

/** A query or body field as the gateway sent it: a string, or '' when absent or not a scalar. */
export const field = (source: Record<string, unknown>, name: string): string => {
  const value = source[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** The gateways' clocks are Vietnam time (GMT+7, no daylight saving): yyyyMMddHHmmss. */
export function vietnamStamp(at: Date): string {
  const t = new Date(at.getTime() + 7 * 3600_000).toISOString();
  return t.slice(0, 19).replace(/[-:T]/g, '');
}

/** The gateway refused to start the payment, or did not answer: 502 with a message key. */
export const gatewayFailed = () => new AppError(502, 'payment_gateway_failed');

/** A JSON object from a gateway's API (10 s at most); anything else is gatewayFailed. */
export async function gatewayJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const body = await fetchJsonObject(url, init, 10_000);
  if (!body) throw gatewayFailed();
  return body;
}

/** Whole đồng from a gateway's amount field; NaN when it is not a whole number. */
export const wholeNumber = (value: string): number => (/^\d{1,15}$/.test(value) ? Number(value) : Number.NaN);
