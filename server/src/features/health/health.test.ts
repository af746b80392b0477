import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../testing/app.js';

describe('health', () => {
  const t = useTestApp();

  it('answers /healthz', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
  });

  it('answers /readyz while the database (and Redis when configured) answer', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.database).toBe('ok');
    if (process.env.REDIS_URL) expect(res.json().result.redis).toBe('ok');
  });

  it('answers 503 on /readyz when the database is down', async () => {
    const down = await createTestApp();
    await down.deps.database.close();
    const res = await down.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().result.database).toBe('down');
    await down.app.close();
    await down.deps.kv.close();
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ exception: { message: 'not_found' } });
  });
});
