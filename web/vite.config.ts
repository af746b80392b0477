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
    // The vendor chunk (React, router, i18next, TanStack Query, zod) is ~170 kB gzipped.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks (Mantine imports the rest, never the reverse: no chunk cycle).
        manualChunks: (id) => {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/]node_modules[\\/]@mantine[\\/]/.test(id)) return 'mantine';
          // Only the sign-in pages use these, and the common-password list only the password meter
          // (web/src/lib/commonPasswords.ts): they stay in those lazy chunks.
          if (/[\\/]node_modules[\\/](altcha-lib|dompurify|@zxcvbn-ts)[\\/]/.test(id)) return undefined;
          if (/[\\/]node_modules[\\/](oidc-client-ts|jwt-decode)[\\/]/.test(id)) return 'oidc';
          return 'vendor';
        },
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless and not ours.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod')) return;
        warn(warning);
      },
    },
  },
});
