import { config } from 'zod';

// Schemas that parse without generating code at run time: zod's faster path builds functions with
// `new Function`, which the web app's CSP (no 'unsafe-eval', server/src/http/security-headers.ts)
// refuses and reports as a violation. Imported first by web/src/main.tsx; the server keeps it.
config({ jitless: true });
