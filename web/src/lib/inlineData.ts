import type { z } from 'zod';

/**
 * A value the server wrote into the page as `<script id=… type="application/json">`
 * (server/src/web/static.ts, json-script.ts), checked against its schema; undefined when the
 * page has none (the dev server, a test) or it does not hold, and the app asks the API instead.
 */
export function inlineData<S extends z.ZodType>(
  id: string,
  schema: S,
  doc: Document = document,
): z.infer<S> | undefined {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
