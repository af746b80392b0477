// First: zod's settings hold before any schema of the contracts is built or used.
import './lib/zodWithoutEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { shareCspNonce } from './lib/cspNonce';

shareCspNonce();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
