import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openKeyValueStore, waitForRedis } from '../adapters/kv/index.js';
import { openDatabase } from '../db/client.js';
import { ConfigError } from './env.js';

// server/src/main.ts opens Redis and the database only after the configuration is checked; one
// that cannot be reached stops the start with a line naming its variable (exit 78).

const silent = () => {};
const servers: net.Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

/** A port that accepts connections and never answers: a Redis behind a dead proxy or firewall. */
async function blackHole() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => void sockets.push(s));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  server.on('close', () => {
    for (const s of sockets) s.destroy();
  });
  return (server.address() as net.AddressInfo).port;
}

describe('start checks', () => {
  it('names DATABASE_URL when PostgreSQL cannot be reached', async () => {
    const run = openDatabase({ url: 'postgres://portico:secret@127.0.0.1:1/portico', warn: silent });
    await expect(run).rejects.toThrow(ConfigError);
    await expect(run).rejects.toThrow(
      /DATABASE_URL: cannot connect to postgres:\/\/portico:\*\*\*@127\.0\.0\.1:1\/portico/,
    );
  });

  it('names REDIS_URL when Redis never answers', async () => {
    const url = `redis://127.0.0.1:${await blackHole()}`;
    const kv = openKeyValueStore(url, 'portico-test:', silent);
    const t0 = Date.now();
    await expect(waitForRedis(kv, url, 1)).rejects.toThrow(
      /REDIS_URL: cannot reach redis:\/\/127\.0\.0\.1:\d+ \(no answer within 1 s\)/,
    );
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('names REDIS_URL when nothing listens there', async () => {
    const url = 'redis://127.0.0.1:1';
    const kv = openKeyValueStore(url, 'portico-test:', silent);
    await expect(waitForRedis(kv, url, 5)).rejects.toThrow(/REDIS_URL: cannot reach/);
  });
});
