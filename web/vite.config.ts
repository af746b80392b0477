import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { MESSAGES_MODULE, messagesPlugin } from './vite.messages';

/**
 * Builds the sign-in start script (src/start/signInStart.ts) on its own into dist/start.js: one
 * small file with nothing shared with the app's chunks, which the server inlines into the page
 * it answers a signed-out visitor of the account area with (server/src/web/static.ts).
 */
function signInStartScript(): Plugin {
  return {
    name: 'portico-sign-in-start',
    apply: 'build',
    async generateBundle() {
      const result = await esbuild({
        entryPoints: [new URL('./src/start/signInStart.ts', import.meta.url).pathname],
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2020',
        write: false,
        legalComments: 'none',
      });
      const source = result.outputFiles[0]?.text;
      if (!source) throw new Error('the sign-in start script did not build');
      this.emitFile({ type: 'asset', fileName: 'start.js', source });
    },
  };
}

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

const root = new URL('.', import.meta.url).pathname;

// `vite build --ssr src/firstPaint.tsx` (npm run build): the login page's first paint for the
// server (web/src/firstPaint.tsx) into dist-ssr/, apart from what the browser is served.
// Packages stay outside the bundle: Node loads them from node_modules as the server does.
const firstPaintBuild = {
  root,
  publicDir: false as const,
  plugins: [react(), messagesPlugin()],
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: { entryFileNames: 'render.js' },
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]contracts[\\/]src[\\/]/.test(id) },
    },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? firstPaintBuild
    : {
        root,
        plugins: [react(), messagesPlugin(), signInStartScript(), precompress()],
        server: {
          port: 5173,
          proxy: Object.fromEntries(proxied.map((path) => [path, { target: server, changeOrigin: false }])),
        },
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: true,
          // dist/.vite/manifest.json: which chunks and styles a page module needs, so the server can
          // preload the login page's with the HTML (server/src/web/page-preloads.ts).
          manifest: true,
          // The largest chunk is zxcvbn's word list (~430 kB), loaded only by the password meter.
          chunkSizeWarningLimit: 600,
          rollupOptions: {
            // The contracts' modules only define schemas, endpoints and messages: a page that uses none
            // of a module's exports does not need it (without this, zod's top-level calls keep every
            // contract module, and zod's whole API, in the entry chunk).
            treeshake: { moduleSideEffects: (id) => !/[\\/]contracts[\\/]src[\\/]/.test(id) },
            output: {
              // Only React itself gets a long-lived chunk of its own; everything else (Mantine, router,
              // i18n, queries, zod, oidc-client-ts) goes where Rollup's code splitting puts it, so the
              // login page loads the parts the form uses, not the whole account area's (bench/README.md).
              // Each language's catalogue is `messages-<locale>` (web/vite.messages.ts), the name the
              // server preloads it by (server/src/web/static.ts).
              manualChunks: (id) =>
                /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)
                  ? 'react'
                  : id.startsWith(`\0${MESSAGES_MODULE}`)
                    ? `messages-${id.slice(MESSAGES_MODULE.length + 1)}`
                    : undefined,
            },
            onwarn(warning, warn) {
              // zod ships comments Rollup cannot place; harmless and not ours.
              if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod')) return;
              warn(warning);
            },
          },
        },
      },
);
