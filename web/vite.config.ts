import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Portico server (npm run dev at the repo root) listens on :3000 and serves these paths.
const server = 'http://localhost:3000';
const proxied = ['/api', '/oidc', '/dev', '/healthz'];

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: server, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
