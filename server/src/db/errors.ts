/** True when a query failed on a unique index (PostgreSQL 23505), optionally a named one; drivers wrap the error differently. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      if (!constraint) return true;
      return name === constraint || (typeof message === 'string' && message.includes(constraint));
    }
  }
  return false;
}

// Errors that mean "the database (or the network to it) is away", not "this query is wrong":
// class 08 (connection exception), 57P01-03 (admin shutdown, crash shutdown, cannot connect now),
// socket errors, and node-postgres' own messages for a dead or unreachable server.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES =
  /the embedded database stopped|Connection terminated|timeout exceeded when trying to connect|not queryable|Connection is closed|ECONNREFUSED|max retries per request|Stream isn't writeable|Connection in subscriber mode/i;

/** True when an error means a dependency (PostgreSQL, or Redis through ioredis) is unreachable right now. */
export function isUnavailable(err: unknown): boolean {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
