/**
 * A JSON object from another service's API (an identity provider, a payment gateway) within
 * `ms` milliseconds; undefined when it cannot be reached, answers an error status, or answers
 * anything but an object. The caller turns that into its own 4xx or 5xx.
 */
export async function fetchJsonObject(
  url: string,
  init: RequestInit,
  ms: number,
  doFetch: typeof fetch = fetch,
): Promise<Record<string, unknown> | undefined> {
  let answer: Response;
  try {
    answer = await doFetch(url, { ...init, signal: AbortSignal.timeout(ms) });
  } catch {
    return undefined;
  }
  const body = (await answer.json().catch(() => null)) as unknown;
  if (!answer.ok || !body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return body as Record<string, unknown>;
}
