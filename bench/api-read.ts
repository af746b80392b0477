// GET /api/account/me with a bearer token against GET /healthz, both with autocannon at the same
// number of connections, in the same run.
import autocannon from 'autocannon';

export type HttpFigure = { perSecond: number; p50: number; p99: number; errors: number };

export async function httpLoad(opts: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<HttpFigure> {
  // A short untimed run first: JIT and connection pools warm up.
  await autocannon({ url: opts.url, connections: opts.connections, duration: 1, headers: opts.headers });
  const r = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers,
  });
  return { perSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export async function benchApiRead(opts: { base: string; accessToken: string; connections: number; seconds: number }) {
  const me = await httpLoad({
    url: `${opts.base}/api/account/me`,
    connections: opts.connections,
    seconds: opts.seconds,
    headers: { authorization: `Bearer ${opts.accessToken}` },
  });
  const healthz = await httpLoad({ url: `${opts.base}/healthz`, connections: opts.connections, seconds: opts.seconds });
  return { me, healthz };
}
