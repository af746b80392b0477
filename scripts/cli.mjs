// `npm run cli -- <command>`: the operators' command line (server/src/cli/main.ts), on the
// compiled server (built first when stale), reading the configuration `npm start` reads.
import { ensureServerBuilt } from './ensure-built.mjs';

await ensureServerBuilt();
const { main } = await import('../server/dist/cli.js');
await main(process.argv.slice(2));
