import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type Location, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../App';
import type { Session } from '../session/session';

// The API of a page test: fetch answers by path, every call recorded; the page rendered inside the
// app's providers (web/src/App.tsx) and a memory router.

/** One answer of the stubbed API: the JSON envelope (contracts/src/api.ts) and the status. */
export type Reply = { status?: number; body: unknown };
export type ApiCall = { method: string; url: string; path: string; body: Record<string, unknown> | undefined };
export type Answers = Record<string, Reply | ((call: ApiCall) => Reply)>;

export const ok = (result: unknown): Reply => ({ body: { result } });
export const refuse = (message: string, errors?: Record<string, string[]>, status = 400): Reply => ({
  status,
  body: { exception: { message }, ...(errors ? { errors } : {}) },
});

/**
 * Replaces fetch: `answers` is read at each call (a test may change it), by "METHOD /path" or
 * "/path"; anything else is 404 error_not_found. Returns the calls, in order.
 */
export function stubApi(answers: Answers): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0] ?? url;
      const method = init?.method ?? 'GET';
      const call = { method, url, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const entry = answers[`${method} ${path}`] ?? answers[path];
      const reply = (typeof entry === 'function' ? entry(call) : entry) ?? refuse('error_not_found', undefined, 404);
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }),
  );
  return calls;
}

/** Renders routes (or one page at /) at `url` inside the app's providers; returns the router. */
/** `url`: a path, or a location with a navigation state (a page another page navigated to). */
export function renderApp(
  routes: RouteObject[] | ReactElement,
  url: string | Partial<Location> = '/',
  session?: Session,
) {
  const router = createMemoryRouter(Array.isArray(routes) ? routes : [{ path: '/', element: routes }], {
    initialEntries: [url],
  });
  render(
    <AppProviders queryClient={createQueryClient()} session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
