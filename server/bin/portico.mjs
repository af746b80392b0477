#!/usr/bin/env node
// `npx portico <command>`: the operators' command line (server/src/cli/main.ts). In a checkout the
// server is compiled first when stale; the container image holds it compiled.
import { existsSync } from 'node:fs';

const builder = new URL('../../scripts/ensure-built.mjs', import.meta.url);
if (existsSync(builder)) await (await import(builder.href)).ensureServerBuilt();
const { main } = await import('../dist/cli.js');
await main(process.argv.slice(2));
