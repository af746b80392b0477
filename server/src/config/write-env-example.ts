import { writeFileSync } from 'node:fs';
import { envExampleOf } from './env-file.js';

// `npm run env:example`: writes `.env.example` at the repository's root (server/src/config/env-file.ts).
const root = new URL('../../../', import.meta.url);
writeFileSync(new URL('.env.example', root), envExampleOf(root));
console.log('wrote .env.example');
