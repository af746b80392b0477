import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../App';
import type { Session } from '../features/auth/session';
import { buildRoutes } from '../routes';

// Page tests: the API answered in memory, the page rendered through a router inside the app's providers.

/** One request a page made. */
export type ApiCall = { method: string; url: string; path: string; body: unknown };
/** An answer of the stub: the status (200 unless given) and the JSON body. */
export type ApiAnswer = { status?: number; body: unknown };

/** A 200 answer { result }. */
export const ok = (result: unknown): ApiAnswer => ({ body: { result } });

const NOT_FOUND: ApiAnswer = { status: 404, body: { exception: { message: 'error_not_found' } } };

/**
 * Stubs fetch: every request is recorded in the list returned and answered by `answer`
 * (undefined: 404 error_not_found). Undo with vi.unstubAllGlobals().
 */
export function stubApi(answer: (call: ApiCall) => ApiAnswer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        url: input,
        path: input.split('?')[0] ?? input,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const a = answer(call) ?? NOT_FOUND;
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
    }),
  );
  return calls;
}

export const SIGNED_IN: Session = { status: 'authenticated', user: { sub: 'u1', name: 'Lan' } };

/** Renders `routes` (default: the app's route table, signed in) at `url`; returns the router. */
export function renderRoute(
  url: string,
  { routes, session = SIGNED_IN }: { routes?: RouteObject[]; session?: Session } = {},
) {
  const router = createMemoryRouter(routes ?? buildRoutes(), { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()} session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
