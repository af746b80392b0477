// `npm start`: build what is stale, then run the compiled server in this same process, so the
// signals a service manager sends (through npm) reach the server itself (server/src/main.ts).
import { ensureServerBuilt, ensureWebBuilt } from './ensure-built.mjs';

ensureWebBuilt();
await ensureServerBuilt();
await import('../server/dist/main.js');
