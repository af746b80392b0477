/**
 * Every kind of flow, its first state and the moves its steps may make. A flow ends in `done`
 * (the live-flow index of server/src/db/schema.ts `flows` leaves done rows out). A new kind is one
 * entry here; its steps call advance() with a move listed here (server/src/modules/flows/service.ts).
 *
 * The code flows' kind is also the verification purpose of their code
 * (server/src/modules/verification/service.ts VerificationPurpose).
 */
export const FLOW_KINDS = {
  /** Register by e-mail: the code, then a registration token (the secret of `verified`), then the account. */
  register: { first: 'code_sent', moves: { code_sent: ['verified'], verified: ['done'] } },
  /** Forgot password: the code, then a reset token bound to the account, then the new password. */
  forgot_password: { first: 'code_sent', moves: { code_sent: ['verified'], verified: ['done'] } },
  /** Change password of a signed-in account: the code, with the new password. */
  change_password: { first: 'code_sent', moves: { code_sent: ['done'] } },
  /** A new primary e-mail or phone: the code sent to the new address. */
  change_contact: { first: 'code_sent', moves: { code_sent: ['done'] } },
  /** Confirm an e-mail or phone entry: the code sent to it. */
  activate_contact: { first: 'code_sent', moves: { code_sent: ['done'] } },
  /** Remove a confirmed e-mail or phone entry: the code sent to it. */
  delete_contact: { first: 'code_sent', moves: { code_sent: ['done'] } },
  /** A recovery e-mail or phone: the code sent to it confirms it before it counts. */
  confirm_recovery: { first: 'code_sent', moves: { code_sent: ['done'] } },
  /**
   * Sign-in's second step (server/src/modules/sign-in/second-factor.ts): a first factor passed, a
   * second one owed; bound to the interaction and held by the browser's cookie, five minutes.
   */
  sign_in_second_factor: { first: 'owed', moves: { owed: ['done'] } },
  /**
   * A step-up of the account pages (server/src/modules/sign-in/step-up.ts): the first proof given,
   * a second factor owed while two-step is on, then `proven` for STEP_UP_PROOF_SECONDS. Found by
   * the account and the sign-in (the token's grant) it was given for.
   */
  account_step_up: { first: 'second_owed', moves: { second_owed: ['proven'], proven: ['done'] } },
  /**
   * The undo link of a security e-mail (server/src/modules/alerts): its secret is the link's token,
   * its data the steps that revert the change; used once (server/src/features/undo-change).
   */
  undo_change: { first: 'offered', moves: { offered: ['done'] } },
  /**
   * A provider's sign-in whose e-mail belongs to an account (server/src/features/external-login):
   * the provider is linked once this interaction signs in to that account (its password or a code,
   * two-step included; server/src/modules/federation/events.ts). Bound to the interaction.
   */
  external_link: { first: 'proof_owed', moves: { proof_owed: ['done'] } },
  /**
   * A first sign-in through a provider made a new account: the update-info form (Update or Skip)
   * finishes the sign-in. Bound to the interaction, held by the browser's cookie.
   */
  external_sign_up: { first: 'details_owed', moves: { details_owed: ['done'] } },
  /**
   * A Zalo authorization under way: the flow's secret is the OAuth `state`, its binding a secret in
   * the browser's cookie; the PKCE verifier and what to do after are its data. Used once.
   */
  zalo_authorization: { first: 'sent', moves: { sent: ['done'] } },
  /**
   * A QR code shown by a browser's login page (server/src/features/approval): found by the code
   * (its target is the code's hub channel) for the phone, by the secret of the browser's cookie
   * for the sign-in. The first account to read its details (`scanned`) is the only one that may
   * approve it; refused or used, it is done. 60 × QR_CODE_MINUTES seconds.
   */
  qr_sign_in: {
    first: 'shown',
    moves: { shown: ['scanned', 'done'], scanned: ['approved', 'done'], approved: ['done'] },
  },
  /**
   * A push request (`prompt`, server/src/features/approval): the account's signed-in devices
   * answer it by its id with the number the login page shows; a wrong number or a refusal ends
   * it; the browser that asked (its cookie's secret) signs in once it is approved. PROMPT_SECONDS.
   */
  push_approval: { first: 'asked', moves: { asked: ['approved', 'done'], approved: ['done'] } },
  /**
   * The `app` second factor (server/src/modules/sign-in/app-codes.ts): the code a signed-in
   * session shows, one live per account (a new one replaces it), APP_CODE_SECONDS, used once.
   */
  app_code: { first: 'shown', moves: { shown: ['done'] } },
  /**
   * The "this wasn't me" link of a new-sign-in e-mail (server/src/modules/alerts): its secret is
   * the link's token, its target the device that signed in; used once (server/src/features/devices/not-me.ts).
   */
  not_me: { first: 'offered', moves: { offered: ['done'] } },
  /**
   * A passkey ceremony (server/src/features/passkeys): its secret is the WebAuthn challenge the
   * browser signs, so several may be outstanding (autofill and the button); used once.
   * Registration: target and subject the account. Sign-in: target the interaction uid.
   */
  passkey_registration: { first: 'challenged', moves: { challenged: ['done'] } },
  passkey_sign_in: { first: 'challenged', moves: { challenged: ['done'] } },
  /**
   * A child's guardian (server/src/features/guardian): the code sent to the guardian's address
   * (target; subject the child), then `verified` holds the consent token the guardian's page
   * consents with, once.
   */
  guardian_consent: { first: 'code_sent', moves: { code_sent: ['verified'], verified: ['done'] } },
  /**
   * A data archive being made (server/src/features/data-export): one per account (a new request
   * replaces it), its data the archive's file once `ready`, EXPORT_HOURS from then; `failed`
   * when the build threw. Built after the answer, on the copy that took the request.
   */
  data_export: { first: 'preparing', moves: { preparing: ['ready', 'failed'], ready: ['done'], failed: ['done'] } },
} as const satisfies Record<string, { first: string; moves: Record<string, readonly string[]> }>;

export type FlowKind = keyof typeof FLOW_KINDS;
type Moves<K extends FlowKind> = (typeof FLOW_KINDS)[K]['moves'];
/** The states a flow of kind K can be in. */
export type FlowState<K extends FlowKind> = (keyof Moves<K> & string) | 'done';
/** The states a flow of kind K can leave. */
export type FromState<K extends FlowKind> = keyof Moves<K> & string;
/** Where a flow of kind K in state S may go next. */
export type NextState<K extends FlowKind, S extends FromState<K>> = Moves<K>[S] extends readonly (infer T)[]
  ? T & string
  : never;
/** The kinds whose first step is a code (their kind is the code's purpose). */
export type CodeFlowKind = {
  [K in FlowKind]: (typeof FLOW_KINDS)[K]['first'] extends 'code_sent' ? K : never;
}[FlowKind];

export const isFlowKind = (kind: string): kind is FlowKind => Object.hasOwn(FLOW_KINDS, kind);

/** Whether the kind's table allows the move (advance() refuses any other). */
export function mayMove(kind: FlowKind, from: string, to: string): boolean {
  const moves = FLOW_KINDS[kind].moves as Record<string, readonly string[]>;
  return Object.hasOwn(moves, from) && (moves[from] ?? []).includes(to);
}
