import { z } from 'zod';
import type { MessageKey } from './i18n/index.js';

// One definition per endpoint, shared by the server (server/src/http/endpoint.ts registers a
// handler for it), the web app (web/src/api/endpoint.ts calls it) and the OpenAPI description
// (server/src/http/openapi.ts). Adding an endpoint: define it in the feature's contracts file,
// handle it once on the server, call it once on the web; the types flow through all three.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone, a signed-in user with a first-party bearer token, one of the
 * platform's products with a client-credentials token from the provider that holds the
 * endpoint's `scope` (the back-office APIs: lookups, KYC review, notification blocks), or an
 * operator of the admin console: a person signed in to the portal whose groups hold the
 * endpoint's `permission` (issue 31; every change is written to the audit log).
 */
export type EndpointAuth = 'public' | 'user' | 'product' | 'admin';

/**
 * The scopes a product's client-credentials token may carry, one per back-office duty. The
 * provider issues them only to clients configured for the grant (OIDC_CLIENTS_FILE, `scope`),
 * never to a user's sign-in (server/src/oidc/provider.ts).
 */
export const PRODUCT_SCOPES = [
  'notifications:read',
  'notifications:write',
  'lookups:write',
  'kyc:review',
  'points:write',
  'orders:write',
  'payments:write',
  'users:read',
  'permissions:write',
] as const;
export type ProductScope = (typeof PRODUCT_SCOPES)[number];

/**
 * The admin console's permissions (issue 31 point 1), held through groups like the back office's
 * (migration 0021_admin.sql files them under the `admin` module); never a token's scope.
 */
export const ADMIN_PERMISSIONS = [
  'accounts:read',
  'accounts:write',
  'clients:write',
  'branding:write',
  'campaigns:write',
  'audit:read',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];
export const isAdminPermission = (id: string): id is AdminPermission =>
  (ADMIN_PERMISSIONS as readonly string[]).includes(id);

/** Every permission a group may hold: the product API's scopes and the admin console's. */
export const PERMISSION_IDS = [...PRODUCT_SCOPES, ...ADMIN_PERMISSIONS] as const;
export type PermissionId = (typeof PERMISSION_IDS)[number];
export const isProductScope = (scope: string): scope is ProductScope =>
  (PRODUCT_SCOPES as readonly string[]).includes(scope);

/** Reads the person a product's call is about from its input (undefined: it names no person). */
export type PersonInInput<Input> = { of(input: Input): string | undefined };

export type Endpoint<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
> = {
  method: HttpMethod;
  /** Full path under /api, with :name for path parameters (they join the input). */
  path: string;
  /** The feature it belongs to: its contracts file, server and web folders share this name. */
  feature: string;
  summary: string;
  auth: A;
  /** For `product` endpoints: the scope the caller's token must hold (else 403 forbidden). */
  scope?: ProductScope;
  /** For `admin` endpoints (under /api/admin/): the permission the operator's groups must hold (else 403). */
  permission?: AdminPermission;
  /** Query (GET, DELETE) or JSON body (others), with path parameters, parsed before the handler. */
  input: I;
  /** The `result` of a successful answer. */
  output: O;
  /** Message keys this endpoint may answer with besides the generic ones (invalid_input, unauthorized...). */
  errors: readonly MessageKey[];
  /**
   * A multipart/form-data upload instead of a JSON body (avatar now; identity documents next): the
   * file's field and the content types accepted. The handler reads the file itself.
   */
  upload?: { field: string; types: readonly string[] };
  /**
   * Where the input travels when not where the method puts it (query for GET and DELETE, else a
   * JSON body): a DELETE carrying a password takes a body, so the password never enters a URL.
   */
  inputIn?: 'query' | 'body';
  /**
   * false: the answer is the output itself, without the `{ result }` envelope (the ALTCHA
   * widget's challengeurl reads the bare challenge).
   */
  envelope?: false;
  /**
   * A `user` endpoint a child's account may call while it waits for its guardian's consent
   * (contracts/src/guardian.ts): who it is, the guardian page's, signing out, deleting itself.
   * Every other answers 403 guardian_consent_required until the guardian consents.
   */
  whileAwaitingGuardian?: true;
  /**
   * For a `product` endpoint about one person: the input field holding their user id, or, where
   * the input may name a person or something else (a group's member), how to read the person's id
   * from it. While that person is a child whose guardian has not consented (docs/children.md), the
   * door answers 403 guardian_consent_required: no product reads or writes a child's data before
   * the consent.
   */
  person?: 'userId' | PersonInInput<z.output<I>>;
  /**
   * For a `product` GET whose answer is about people its input does not name (an order by its id,
   * the verification list): the answer's field holding each one's user id. The same rule on the
   * way out: an answer about a waiting child is 403 guardian_consent_required, a list leaves them out.
   */
  answerPerson?: 'userId';
  /**
   * The change decides how the account signs in or recovers: a proof given for it must hold for
   * this sign-in (contracts/src/step-up.ts), else 403 step_up_required before the input is read.
   */
  stepUp?: true;
  /**
   * The answer sends the browser on: the output is `{ location }` and the server answers 303 to it
   * (a provider's callback, which a browser reaches by navigating, not by a call).
   */
  redirect?: true;
  /**
   * The answer is a stream of server-sent events (text/event-stream), one `data:` line per event
   * as the output schema has it (the hub, ADR 006); the server registers it with `handleStream`.
   */
  stream?: true;
  /**
   * A product's change that carries an `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER): a retry
   * under the same key is the same change, never a second one. The door refuses a missing or
   * malformed key (400 idempotency_key_required) and hands the handler the key.
   */
  idempotent?: true;
};

/** The header a product's idempotent change carries: a retry with the same key is the same change. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** An Idempotency-Key: 1 to 100 printable ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;

export type InputOf<E extends Endpoint> = z.input<E['input']>;
export type ParsedInputOf<E extends Endpoint> = z.output<E['input']>;
export type OutputOf<E extends Endpoint> = z.output<E['output']>;

/** No input at all. */
export const noInput = z.object({});

/**
 * The definer of one feature's endpoints (its contracts file): each definition gets the feature's
 * name, and leaves out `input` when the endpoint takes none and `errors` when it adds no keys.
 */
export const featureEndpoints =
  (feature: string) =>
  <
    O extends z.ZodType,
    A extends EndpointAuth,
    I extends z.ZodType = typeof noInput,
    K extends true | undefined = undefined,
  >(
    def: Omit<Endpoint<I, O, A>, 'feature' | 'input' | 'errors' | 'idempotent'> & {
      input?: I;
      errors?: readonly MessageKey[];
      idempotent?: K;
    },
  ): Endpoint<I, O, A> & (K extends true ? { idempotent: true } : unknown) =>
    // The intersection keeps `idempotent: true` in the type, so a handler's context has the key.
    ({
      ...def,
      feature,
      input: def.input ?? (noInput as z.ZodType as I),
      errors: [
        ...(def.errors ?? []),
        ...(def.stepUp ? (['step_up_required'] as const) : []),
        ...(def.idempotent ? (['idempotency_key_required'] as const) : []),
        ...((def.auth === 'user' && !def.whileAwaitingGuardian) || def.person || def.answerPerson
          ? (['guardian_consent_required'] as const)
          : []),
      ],
    }) as Endpoint<I, O, A> & (K extends true ? { idempotent: true } : unknown);

/** The answer of a step that sent a code: seconds until a new one may be sent (the page's countdown). */
export const codeSentSchema = z.object({ times: z.number().int() });
/** What checking a sent code may answer besides success (wrong, expired, too many tries). */
export const CODE_ERRORS = [
  'otp_invalid',
  'otp_expired',
  'otp_too_many_attempts',
] as const satisfies readonly MessageKey[];
/** What sending a code from a public page may answer: the send limits, and the captcha asked near them. */
export const CAPTCHA_SEND_ERRORS = [
  'too_many_requests',
  'captcha_error_empty',
  'captcha_invalid',
] as const satisfies readonly MessageKey[];
/** The answer of a step that finished its flow. */
export const doneSchema = z.object({ ok: z.literal(true) });

/** The path with its parameters filled in (encoded), e.g. /api/account/device/:id -> /api/account/device/42. */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Names of the path parameters of a path. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] as string);

/** Whether the endpoint's input travels in the query string rather than a JSON body. */
export const inputInQuery = (endpoint: Pick<Endpoint, 'method' | 'inputIn'>) =>
  endpoint.inputIn ? endpoint.inputIn === 'query' : endpoint.method === 'GET' || endpoint.method === 'DELETE';

/**
 * The query of a "view more" list (spec account §9: the index from 1, 10 a page unless said):
 * out-of-range values fall back rather than refuse.
 */
export const pageQuery = (defaultSize: number) =>
  z.object({
    pageIndex: z.coerce.number().int().min(1).max(100_000).catch(1),
    pageSize: z.coerce.number().int().min(1).max(100).catch(defaultSize),
  });
