// First: zod's settings hold before any schema of the contracts is built or used.
import './lib/zodWithoutEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { localeFromPath } from './i18n/locale';
import { loadMessages } from './i18n/setup';
import { shareCspNonce } from './lib/cspNonce';

shareCspNonce();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

// The page's language only, before the first render (the server preloads its chunk,
// server/src/web/static.ts); loadMessages never fails, the page renders either way.
void loadMessages(localeFromPath(window.location.pathname)).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
