import { z } from 'zod';
import { featureEndpoints } from './endpoint.js';

// Connected apps (issue 32 point 2; /security/apps): the products the person has let in, what each
// may read, when each last got a token, and revoking one.

/** The scopes a product may be granted that the page says in words (`connected_apps_scope_<scope>`). */
export const CONNECTED_APP_SCOPES = ['openid', 'profile', 'email', 'phone', 'address', 'offline_access'] as const;

export const connectedAppSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  /** Granted OpenID Connect scopes; the page says the known ones in words and shows any other as is. */
  scopes: z.array(z.string()),
  /** ISO time of the first grant still held. */
  grantedTime: z.string().nullable(),
  /** ISO time a token was last issued to it (a sign-in or a refresh); null when none is alive. */
  lastUsedTime: z.string().nullable(),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;

const define = featureEndpoints('connected-apps');

export const connectedAppsEndpoints = {
  list: define({
    method: 'GET',
    path: '/api/account/apps',
    summary: 'The products this person has granted access, most recently used first (the portal itself is not one)',
    auth: 'user',
    output: z.array(connectedAppSchema),
  }),
  revoke: define({
    method: 'POST',
    path: '/api/account/apps/:clientId/revoke',
    summary:
      "Revokes one product: its grants end with every access and refresh token issued under them, and it leaves the person's sessions",
    auth: 'user',
    input: z.object({ clientId: z.string().min(1).max(200) }),
    output: z.literal(true),
    errors: ['not_found'],
  }),
};
