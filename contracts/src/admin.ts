import { z } from 'zod';
import { blockIdSchema } from './brand.js';
import { featureEndpoints, PERMISSION_IDS, PRODUCT_SCOPES } from './endpoint.js';

// The admin console (issue 31 point 1): endpoints under /api/admin/ with the `admin` auth kind,
// each needing one permission of ADMIN_PERMISSIONS held through a group (the permissions store,
// contracts/src/permissions.ts). Every change writes an audit entry in its own transaction and
// needs the operator's own step-up proof (contracts/src/step-up.ts), not their session alone.

/** Rows of a search, and of an audit page. */
export const ADMIN_SEARCH_LIMIT = 20;
export const AUDIT_PAGE_SIZE = 20;

const userId = z.string().trim().min(1).max(100);

export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  suspended: z.boolean(),
  deleted: z.boolean(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserSchema = adminUserRowSchema.extend({
  contacts: z.array(
    z.object({
      type: z.enum(['email', 'phone']),
      value: z.string(),
      verified: z.boolean(),
      primary: z.boolean(),
      allowLogin: z.boolean(),
    }),
  ),
  suspendedAt: z.string().nullable(),
  twoFactor: z.boolean(),
  hasPassword: z.boolean(),
  kycStatus: z.number().int().nullable(),
  providers: z.array(z.string()),
  /** Signing in is paused by failed tries (the lock, or a closed second step): `clear-lockout` lifts it. */
  locked: z.boolean(),
  /** The open sign-in sessions (the provider's), newest first: when, how, and into which apps. */
  sessions: z.array(
    z.object({
      signedInAt: z.string(),
      expiresAt: z.string().nullable(),
      methods: z.array(z.string()),
      clients: z.array(z.string()),
    }),
  ),
  devices: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      ip: z.string().nullable(),
      lastSeen: z.string(),
      signedIn: z.boolean(),
    }),
  ),
  /** The latest entries of the person's activity log, as HTML in the reader's language (escaped; parameters in <strong>). */
  activity: z.array(z.object({ id: z.number().int(), html: z.string(), createdAt: z.string() })),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** What the console may do to an account; each is one audit action. */
export const ADMIN_ACCOUNT_ACTIONS = [
  'suspend',
  'unsuspend',
  'end-sessions',
  'reset-two-factor',
  'clear-lockout',
  'resend-verification',
] as const;
export type AdminAccountAction = (typeof ADMIN_ACCOUNT_ACTIONS)[number];

/** How a client made in the console authenticates: a secret in the Authorization header or the form, or none. */
export const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

/** The grant types a client made in the console may use. */
export const CLIENT_GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export const CLIENT_USER_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
const clientScope = z.enum([...CLIENT_USER_SCOPES, ...PRODUCT_SCOPES]);

/** http(s) only; http for localhost alone (a relying party in development). */
const redirectUri = z
  .string()
  .trim()
  .max(500)
  .refine((raw) => {
    try {
      const url = new URL(raw);
      if (url.hash) return false;
      if (url.protocol === 'https:') return true;
      return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'admin_client_redirect_invalid');

export const CLIENT_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{2,63}$/;
export const clientId = z.string().trim().regex(CLIENT_ID_PATTERN, 'admin_client_id_invalid');

export const clientFields = z.object({
  name: z.string().trim().min(1, 'admin_client_name_required').max(100),
  redirectUris: z.array(redirectUri).max(20).default([]),
  postLogoutRedirectUris: z.array(redirectUri).max(20).default([]),
  grantTypes: z.array(z.enum(CLIENT_GRANT_TYPES)).min(1).max(3),
  scopes: z
    .array(clientScope)
    .min(1)
    .max(CLIENT_USER_SCOPES.length + PRODUCT_SCOPES.length),
  firstParty: z.boolean().default(false),
  /** How it authenticates at the token endpoint: `none` for a browser or mobile app (PKCE, no secret). */
  tokenAuth: z.enum(CLIENT_AUTH_METHODS).default('client_secret_basic'),
  /** The product (block) it is: its brand shows on the sign-in pages it sends people to (contracts/src/branding.ts). */
  blockId: blockIdSchema.nullable().default(null),
});
export type ClientFields = z.infer<typeof clientFields>;

export const adminClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  postLogoutRedirectUris: z.array(z.string()),
  grantTypes: z.array(z.string()),
  scopes: z.array(z.string()),
  firstParty: z.boolean(),
  tokenAuth: z.string(),
  blockId: z.string().nullable(),
  /** Where it is kept: the console's (editable here), or the portal's own and OIDC_CLIENTS_FILE (read only). */
  source: z.enum(['console', 'file', 'portal']),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

/** Shown once, when made or rotated; only its holder keeps it. */
const withSecret = z.object({ client: adminClientSchema, secret: z.string().nullable() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const define = featureEndpoints('admin');

export const adminEndpoints = {
  access: define({
    method: 'GET',
    path: '/api/admin/access',
    summary:
      "The permissions the signed-in person's groups hold, the console's and the back office's (none: the console is closed to them)",
    auth: 'user',
    output: z.object({ permissions: z.array(z.enum(PERMISSION_IDS)) }),
  }),
  users: define({
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Accounts whose e-mail, phone, name or id matches the query',
    auth: 'admin',
    permission: 'accounts:read',
    input: z.object({ q: z.string().trim().min(1, 'admin_search_empty').max(100) }),
    output: z.array(adminUserRowSchema),
    errors: ['admin_search_empty'],
  }),
  user: define({
    method: 'GET',
    path: '/api/admin/users/:userId',
    summary: 'One account: contacts, devices, sessions, recent activity, two-step, KYC and linked providers',
    auth: 'admin',
    permission: 'accounts:read',
    input: z.object({ userId }),
    output: adminUserSchema,
    errors: ['not_found'],
  }),
  act: define({
    method: 'POST',
    path: '/api/admin/users/:userId/:action',
    summary:
      'suspend (sign-in refused, sessions ended), unsuspend, end-sessions (every session and token), reset-two-factor, clear-lockout (the failed-sign-in lock and a closed second step), resend-verification (each unconfirmed e-mail or phone is sent the way to activate it)',
    auth: 'admin',
    stepUp: true,
    permission: 'accounts:write',
    input: z.object({ userId, action: z.enum(ADMIN_ACCOUNT_ACTIONS) }),
    output: adminUserSchema,
    errors: ['not_found', 'admin_own_account', 'admin_target_operator', 'admin_nothing_to_verify'],
  }),
  clients: define({
    method: 'GET',
    path: '/api/admin/clients',
    summary: "The provider's clients: the console's, the portal's own and OIDC_CLIENTS_FILE's",
    auth: 'admin',
    permission: 'clients:write',
    output: z.array(adminClientSchema),
  }),
  createClient: define({
    method: 'POST',
    path: '/api/admin/clients',
    summary: 'A new client, at once in use by every copy; its secret is answered once',
    auth: 'admin',
    stepUp: true,
    permission: 'clients:write',
    input: clientFields.extend({ clientId }),
    output: withSecret,
    errors: ['admin_client_exists', 'admin_client_invalid', 'admin_client_id_invalid', 'admin_client_redirect_invalid'],
  }),
  updateClient: define({
    method: 'PUT',
    path: '/api/admin/clients/:clientId',
    summary:
      "Changes a console client's name, addresses, grants, scopes and kind; its secret stays (one made confidential gets one, answered once)",
    auth: 'admin',
    stepUp: true,
    permission: 'clients:write',
    input: clientFields.extend({ clientId }),
    output: withSecret,
    errors: ['not_found', 'admin_client_read_only', 'admin_client_invalid', 'admin_client_redirect_invalid'],
  }),
  rotateSecret: define({
    method: 'POST',
    path: '/api/admin/clients/:clientId/secret',
    summary: 'A new secret for a console client; the old one stops working at once',
    auth: 'admin',
    stepUp: true,
    permission: 'clients:write',
    input: z.object({ clientId }),
    output: withSecret,
    errors: ['not_found', 'admin_client_read_only', 'admin_client_invalid'],
  }),
  deleteClient: define({
    method: 'DELETE',
    path: '/api/admin/clients/:clientId',
    summary: 'Removes a console client: its tokens are refused from then on',
    auth: 'admin',
    stepUp: true,
    permission: 'clients:write',
    input: z.object({ clientId }),
    output: z.object({ ok: z.literal(true) }),
    errors: ['not_found', 'admin_client_read_only'],
  }),
  audit: define({
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The audit log, newest first: who did what to which account or client, when and from where',
    auth: 'admin',
    permission: 'audit:read',
    input: z.object({
      pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
      targetId: z.string().trim().max(100).optional(),
    }),
    output: z.object({ rows: z.array(auditEntrySchema), totalRows: z.number().int() }),
  }),
};
