// First: zod's settings hold before any schema of the contracts is built or used.
import './lib/zodWithoutEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { takeFirstPaint } from './features/login/firstPaint';
import { localeFromPath } from './i18n/locale';
import { loadMessages } from './i18n/setup';
import { shareCspNonce } from './lib/cspNonce';

shareCspNonce();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

// The page's language only, before the first render (the server preloads its chunk,
// server/src/web/static.ts); loadMessages never fails, the page renders either way.
void loadMessages(localeFromPath(window.location.pathname)).then(() =>
  createRoot(root, {
    // A page that fails (a chunk that does not load, a render that throws) shows its error in
    // #root, which the server's first paint of the login page keeps hidden until the app's login
    // card replaces it (web/src/features/login/firstPaint.ts): the error must show, not the card.
    onCaughtError: (error, info) => {
      takeFirstPaint();
      console.error(error, info.componentStack);
    },
    onUncaughtError: (error) => {
      takeFirstPaint();
      console.error(error);
    },
  }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
