import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Paths the server owns; anything else is a page of the React app.
const SERVER_PATHS = /^\/(api|oidc|dev|healthz|readyz)(\/|$|\?)/;

/** Serves the built React app, answering every page route with index.html (client-side routing). */
export async function webRoutes(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    return;
  }
  const indexHtml = await readFile(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Hashed asset names never change content, so browsers may keep them.
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/*', async (request, reply) => {
    const url = request.url;
    if (SERVER_PATHS.test(url)) return reply.callNotFound();
    // Files at the top of dist (favicon, robots.txt) are served as they are.
    const file = path.join(
      distDir,
      path.normalize(decodeURIComponent(url.split('?')[0] ?? '')).replace(/^(\.\.(\/|\\|$))+/, ''),
    );
    if (file.startsWith(distDir + path.sep) && path.extname(file) && existsSync(file)) {
      return reply.sendFile(path.relative(distDir, file));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
