import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes file.br and file.gz beside every text asset of the build, so the server
 * (server/src/web/static.ts) sends them compressed without compressing at each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portico-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

// The Portico server (npm run dev at the repo root) listens on :3000 and serves these paths.
const server = 'http://localhost:3000';
const proxied = ['/api', '/oidc', '/dev', '/healthz'];

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react(), precompress()],
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
