import {
  type Endpoint,
  IDEMPOTENCY_KEY_PATTERN,
  inputInQuery,
  PRODUCT_SCOPES,
  type ProductScope,
  pathParams,
} from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../lib/html.js';

// The OpenAPI description is read back from the endpoints registered through `handle`
// (server/src/http/endpoint.ts), so it cannot drift from what the server answers.

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
};

const errorSchema = {
  type: 'object',
  properties: {
    exception: { type: 'object', properties: { message: { type: 'string', description: 'message key' } } },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};

/** OpenAPI path syntax: /api/device/:id -> /api/device/{id}. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

/** An upload's body: multipart/form-data with the file in its field (contracts/src/endpoint.ts `upload`). */
const uploadBody = ({ field, types }: NonNullable<Endpoint['upload']>) => ({
  required: true as const,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { [field]: { type: 'string', format: 'binary' } },
        required: [field],
      },
      encoding: { [field]: { contentType: types.join(', ') } },
    },
  },
});

function operation(endpoint: Endpoint) {
  const input = schemaOf(endpoint.input, 'input');
  const props = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required as string[] | undefined) ?? []);
  const inPath = pathParams(endpoint.path);
  const parameters = [
    ...inPath.map((name) => ({ name, in: 'path', required: true, schema: props[name] ?? { type: 'string' } })),
    ...(inputInQuery(endpoint)
      ? Object.entries(props)
          .filter(([name]) => !inPath.includes(name))
          .map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))
      : []),
    ...(endpoint.idempotent
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: true,
            description: 'A retry under the same key is the same change, answered again, never made twice',
            schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
          },
        ]
      : []),
  ];
  const bodyProps = Object.fromEntries(Object.entries(props).filter(([name]) => !inPath.includes(name)));
  const requestBody: { required: true; content: Record<string, unknown> } | undefined = endpoint.upload
    ? uploadBody(endpoint.upload)
    : inputInQuery(endpoint)
      ? undefined
      : { required: true, content: { 'application/json': { schema: { ...input, properties: bodyProps } } } };
  return {
    operationId: `${endpoint.feature}.${endpoint.method.toLowerCase()}${openApiPath(endpoint.path).replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: endpoint.summary,
    tags: [endpoint.feature],
    ...securityOf(endpoint),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      ...(endpoint.redirect
        ? {
            '303': {
              description: 'The browser is sent on (Location)',
              headers: { Location: { schema: { type: 'string' } } },
            },
          }
        : endpoint.stream
          ? {
              '200': {
                description: 'A stream of server-sent events; each `data:` line is one event (JSON)',
                content: { 'text/event-stream': { schema: schemaOf(endpoint.output, 'output') } },
              },
            }
          : {
              '200': {
                description: 'OK',
                content: {
                  'application/json': {
                    schema:
                      endpoint.envelope === false
                        ? schemaOf(endpoint.output, 'output')
                        : {
                            type: 'object',
                            properties: { result: schemaOf(endpoint.output, 'output') },
                            required: ['result'],
                          },
                  },
                },
              },
            }),
      ...(endpoint.auth === 'product'
        ? {
            '429': {
              description:
                "Too many calls from this client in the window (PRODUCT_RATE_LIMIT a minute): wait Retry-After's seconds",
              headers: { 'Retry-After': { schema: { type: 'integer' } } },
              content: { 'application/json': { schema: errorSchema } },
            },
          }
        : {}),
      '4XX': {
        description: `An error; message keys: ${['invalid_input', ...(endpoint.auth === 'public' ? [] : ['unauthorized']), ...(endpoint.auth === 'product' || endpoint.auth === 'admin' ? ['forbidden'] : []), ...endpoint.errors].join(', ')}`,
        content: { 'application/json': { schema: errorSchema } },
      },
    },
  };
}

const PRODUCT_SCOPE_DESCRIPTIONS: Record<ProductScope, string> = {
  'notifications:read': "Read a user's notification choices before sending",
  'notifications:write': 'Register notification blocks and modules',
  'lookups:write': 'Maintain the lookups (schools, companies, block categories)',
  'kyc:review': 'Review identity verifications',
  'points:write': "Award or deduct a user's loyalty points",
  'orders:write': 'Create orders for a user and read their status',
  'payments:write': 'The payment site: read any order and report its payment (PAYMENT_CHECKOUT_URL)',
  'users:read': "Read a user's basic profile (names, avatar, language)",
  'permissions:write': 'Manage permission groups and their members',
};

/** A user's bearer token, or a product's client-credentials token holding the endpoint's scope. */
function securityOf(endpoint: Endpoint) {
  if (endpoint.auth === 'user') return { security: [{ bearer: [] }] };
  // A back-office client's token, or a person's own sign-in whose groups hold the permission.
  if (endpoint.auth === 'product')
    return { security: [{ product: endpoint.scope ? [endpoint.scope] : [] }, { bearer: [] }] };
  // An operator's own portal sign-in; the permission their groups must hold is named beside it.
  if (endpoint.auth === 'admin') return { security: [{ bearer: [] }], 'x-permission': endpoint.permission };
  return {};
}

export function openApiDocument(
  endpoints: readonly Endpoint[],
  opts: { title: string; serverUrl: string; tokenUrl: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of [...endpoints].sort((a, b) => a.path.localeCompare(b.path))) {
    const key = openApiPath(e.path);
    paths[key] = { ...paths[key], [e.method.toLowerCase()]: operation(e) };
  }
  return {
    openapi: '3.1.0',
    info: { title: `${opts.title} API`, version: '1' },
    servers: [{ url: opts.serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        // The platform's products: a token from the provider's token endpoint (client_credentials).
        product: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: opts.tokenUrl,
              scopes: Object.fromEntries(PRODUCT_SCOPES.map((scope) => [scope, PRODUCT_SCOPE_DESCRIPTIONS[scope]])),
            },
          },
        },
      },
    },
    paths,
  };
}

const securityLabel = (security: Record<string, readonly string[] | undefined>[] | undefined) => {
  const [first] = security ?? [];
  if (!first) return '';
  const scopes = first.product;
  return scopes ? ` <i>product: ${escapeHtml(scopes.join(' '))}</i>` : ' <i>bearer</i>';
};

/** A browsable page of the same description: server-rendered, no script. */
function docsPage(doc: ReturnType<typeof openApiDocument>): string {
  const rows = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const o = op as ReturnType<typeof operation>;
      const answer = '200' in o.responses ? Object.values(o.responses['200'].content)[0]?.schema : 'a redirect (303)';
      const schema = JSON.stringify(answer, null, 2);
      const bodySchema = o.requestBody && (Object.values(o.requestBody.content)[0] as { schema: unknown }).schema;
      const input = JSON.stringify(bodySchema ?? o.parameters ?? {}, null, 2);
      return `<details id="${escapeHtml(o.operationId)}"><summary><b class="m ${method}">${method.toUpperCase()}</b> <code>${escapeHtml(path)}</code> ${escapeHtml(o.summary)}${securityLabel(o.security)}${'x-permission' in o && o['x-permission'] ? ` <i>admin: ${escapeHtml(String(o['x-permission']))}</i>` : ''}</summary>
<p>${escapeHtml(o.responses['4XX'].description)}</p><h4>Input</h4><pre>${escapeHtml(input)}</pre><h4>Answer</h4><pre>${escapeHtml(schema)}</pre></details>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><link rel="stylesheet" href="/api/docs.css"></head><body><main>
<h1>${escapeHtml(doc.info.title)}</h1><p><a href="/api/openapi.json">openapi.json</a> · ${rows.length} endpoints</p>${rows.join('\n')}</main></body></html>`;
}

const DOCS_CSS = `body{font:15px system-ui,sans-serif;margin:0;background:#f6f8fb;color:#1f2937}main{max-width:960px;margin:auto;padding:1rem}
details{background:#fff;border-radius:8px;margin:.4rem 0;padding:.5rem .8rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}summary{cursor:pointer}
pre{background:#f1f3f5;padding:.6rem;overflow:auto;font-size:13px}.m{display:inline-block;min-width:4.5em}.get{color:#2b8a3e}.post{color:#1864ab}
.put,.patch{color:#e67700}.delete{color:#c92a2a}i{color:#868e96}`;

/** GET /api/openapi.json and the page at /api/docs. */
export async function openApiRoutes(
  app: FastifyInstance,
  opts: { title: string; serverUrl: string; tokenUrl: string },
) {
  const doc = () => openApiDocument(app.endpoints, opts);
  app.get('/api/openapi.json', async () => doc());
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage(doc())));
  app.get('/api/docs.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(DOCS_CSS));
}
