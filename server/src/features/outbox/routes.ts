import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listOutboxMessages, type OutboxMessage } from '../../adapters/outbox/queries.js';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';

const query = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

function mailboxPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (
        m,
      ) => `<article><header><b>${escapeHtml(m.channel)}</b> → <b>${escapeHtml(m.to)}</b> · ${m.createdAt.toISOString()}</header>
<h2>${escapeHtml(m.subject)}</h2>${m.code ? `<p class="code">${escapeHtml(m.code)}</p>` : ''}<pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Portico · local mailbox</title><style>body{font:15px system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:0 0 1rem}h2{font-size:1rem;margin:.5rem 0}
.code{font:700 1.6rem ui-monospace,monospace;letter-spacing:.2em;color:#0b7285}pre{white-space:pre-wrap;margin:0}</style></head>
<body><h1>Local mailbox</h1><p>Messages Portico would have sent by e-mail or SMS, newest first. Shown only while no real transport is configured.</p>
${rows || '<p>No messages yet.</p>'}</body></html>`;
}

/**
 * The local outbox, for development and tests: on only while some channel uses it and never in
 * production, since it shows sign-in codes.
 */
export async function outboxRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/dev/outbox', async (request) => {
    const { to, limit } = parseInput(query, request.query);
    return { result: await listOutboxMessages(deps.database.db, to?.trim().toLowerCase(), limit) };
  });
  app.get('/dev/mailbox', async (request, reply) => {
    const { to, limit } = parseInput(query, request.query);
    const messages = await listOutboxMessages(deps.database.db, to?.trim().toLowerCase(), limit);
    return reply.type('text/html; charset=utf-8').send(mailboxPage(messages));
  });
}
