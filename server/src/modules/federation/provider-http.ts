import { badRequest } from '../../lib/errors.js';
import { fetchJsonObject } from '../../lib/fetch-json.js';

// What every adapter shares: the one failure a person is shown, the text fields providers send,
// and a call to a provider's API that ends in that failure whatever goes wrong.

/** A proof that does not hold, or a provider that cannot say: a 4xx, never a 5xx. */
export const invalid = () => badRequest('login_invalid_external_info');

/** A provider's string field, trimmed; null when absent or blank. */
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** The picture URL of Facebook's and Zalo's `picture.data.url`. */
export const pictureOf = (me: Record<string, unknown>) => text((me.picture as { data?: { url?: unknown } })?.data?.url);

/** A JSON object from a provider's API (5 s at most); an unreachable API, an error status or a non-object is `invalid`. */
export async function providerJson(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  const body = await fetchJsonObject(url, init, 5000, doFetch);
  if (!body) throw invalid();
  return body;
}
