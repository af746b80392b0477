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
