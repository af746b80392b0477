import { activityEndpoints, profileEndpoints } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.js';
import { openApiPath } from './openapi.js';

// The only /api routes outside the endpoint shape (server/src/http/endpoint.ts), each for a reason;
// every other /api route is an endpoint of a contracts file and so in the description.
const PLAIN_ROUTES = new Set(['GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs.css']);

describe('OpenAPI description', () => {
  const t = useTestApp();

  it('serves every registered endpoint with its input, answer and error keys', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body);
    expect(doc.openapi).toBe('3.1.0');
    const op = doc.paths[activityEndpoints.list.path].get;
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['pageIndex', 'pageSize']);
    expect(op.responses['200'].content['application/json'].schema.properties.result.properties.data.type).toBe('array');
    expect(op.responses['4XX'].description).toContain('unauthorized');
  });

  it('describes an upload as multipart/form-data with its file field, not as JSON', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/api/openapi.json' })).body);
    const body = doc.paths[profileEndpoints.avatar.path].post.requestBody.content;
    expect(Object.keys(body)).toEqual(['multipart/form-data']);
    expect(body['multipart/form-data'].schema.properties.file).toEqual({ type: 'string', format: 'binary' });
    expect(body['multipart/form-data'].encoding.file.contentType).toBe('image/gif, image/jpeg, image/png');
  });

  it('lists exactly the endpoints the server registered: none missing, none stale', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/api/openapi.json' })).body);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const registered = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .filter((r) => !PLAIN_ROUTES.has(r));
    const fromEndpoints = new Set(t.app.endpoints.map((e) => `${e.method} ${openApiPath(e.path)}`));
    expect(new Set(documented)).toEqual(fromEndpoints);
    expect(registered.filter((r) => !fromEndpoints.has(r))).toEqual([]);
    expect(registered.length).toBeGreaterThan(50);
  });

  it("names the person of every product call about one (contract `person`), so a waiting child's data is held back", () => {
    const aboutSomeone = t.app.endpoints.filter(
      (e) => e.auth === 'product' && 'userId' in ((e.input as { shape?: object }).shape ?? {}),
    );
    expect(aboutSomeone.length).toBeGreaterThan(4);
    expect(aboutSomeone.filter((e) => e.person !== 'userId').map((e) => `${e.method} ${e.path}`)).toEqual([]);
    // A read whose answer names people its input does not (an order by id, a list): `answerPerson`.
    const shapeOf = (schema: unknown): object => {
      const s = schema as { shape?: object; element?: unknown; _def?: { schema?: unknown; innerType?: unknown } };
      return s.shape ?? (s.element ? shapeOf(s.element) : s._def?.innerType ? shapeOf(s._def.innerType) : {});
    };
    const answersAboutSomeone = t.app.endpoints.filter(
      (e) => e.auth === 'product' && e.method === 'GET' && !e.person && 'userId' in shapeOf(e.output),
    );
    expect(answersAboutSomeone.length).toBeGreaterThan(2);
    expect(answersAboutSomeone.filter((e) => e.answerPerson !== 'userId').map((e) => e.path)).toEqual([]);
  });

  it('has a browsable page', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('/api/account/activity');
  });
});
