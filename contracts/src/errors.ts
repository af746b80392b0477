import { z } from 'zod';
import { featureEndpoints } from './endpoint.js';

// The /error page: the provider keeps an OIDC error under a random id (server/src/features/errors/service.ts)
// and the page looks it up (spec sign-in-and-session, error page).

export const errorLookupInput = z.object({
  errorid: z.string({ error: 'not_found' }).min(1, 'not_found').max(64, 'not_found'),
});

/** An OIDC error kept for the /error page; `flow` says whether it broke a sign-in or a sign-out (end session). */
export const errorLookupSchema = z.object({
  errorDescription: z.string(),
  clientId: z.string(),
  error: z.string(),
  flow: z.enum(['sign_in', 'sign_out']),
});
export type ErrorLookupAnswer = z.infer<typeof errorLookupSchema>;

const define = featureEndpoints('errors');

export const errorsEndpoints = {
  lookup: define({
    method: 'GET',
    path: '/api/account/error',
    summary: 'The OIDC error the provider kept under an error id, for the /error page',
    auth: 'public',
    input: errorLookupInput,
    output: errorLookupSchema,
    errors: ['not_found'],
  }),
};
