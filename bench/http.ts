// Load figures for the cheapest public endpoints, through the real server started as `npm start`
// would (embedded database unless DATABASE_URL is set). Prints a table; never asserts timings.
// Run: npm run bench   (BENCH_SECONDS=10 BENCH_CONNECTIONS=20 to change the load)
import autocannon from 'autocannon';
import { startServer } from '../e2e/harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const paths = [
  '/healthz',
  '/readyz',
  '/api/app-settings',
  '/oidc/.well-known/openid-configuration',
  '/oidc/jwks',
  '/login',
];

const server = await startServer({ LOG_LEVEL: 'warn' });
try {
  console.log(`Portico ${server.url}, ${connections} connections, ${seconds} s per path`);
  console.log('| path | req/s (avg) | latency p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|');
  for (const path of paths) {
    const r = await autocannon({ url: server.url + path, connections, duration: seconds });
    console.log(
      `| ${path} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.non2xx} |`,
    );
  }
} finally {
  await server.stop();
}
