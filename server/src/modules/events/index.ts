import type { ExportPartName, Locale, SignInChange } from '@portico/contracts';
import type { Db } from '../../db/client.js';
import type { users } from '../../db/schema.js';

/**
 * Work that must wait until the publisher's transaction has committed (files, mail): a
 * subscriber hands it over, the publisher runs it after the commit (delete-account/service.ts).
 */
export type AfterCommit = (task: () => Promise<void>) => void;

/**
 * A transaction whose publishers hand over after-commit work (mail, files): `work` runs in it
 * with the collector, and the collected tasks run once it committed (never on a rollback).
 */
export async function inTransaction<T>(db: Db, work: (tx: Db, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
  const tasks: (() => Promise<void>)[] = [];
  const result = await db.transaction((tx) => work(tx, (task) => tasks.push(task)));
  for (const task of tasks) await task();
  return result;
}

/**
 * One step that reverts a change to how an account signs in or recovers (issue 24 point 5): kept
 * with the undo link of the security e-mail, applied on `sign-in-way.undone` by the feature or
 * module that owns the rows (contacts: e-mails and phones; recovery: its claims; password: a first
 * password; passkeys: a new passkey).
 */
export type UndoStep =
  | { do: 'remove_contact'; type: number; value: string }
  | { do: 'make_primary'; type: number; value: string }
  | { do: 'allow_login_off'; type: number; value: string }
  | { do: 'remove_claim'; claimType: string; value: string }
  | { do: 'remove_password' }
  | { do: 'remove_passkey'; id: string };

/** A file that goes in a data archive beside data.json, under `files/` (server/src/modules/data-export). */
export type ExportFile = { path: string; read: () => Promise<Buffer | undefined> };

/**
 * One holder's part of a person's data archive (issue 32 point 3): what `user.exporting`'s
 * subscribers add. `tables` names every table whose rows it holds: a test fails when a table with
 * a user column is in no part (server/src/features/data-export/data-export.test.ts).
 */
export type ExportPart = {
  name: ExportPartName;
  tables: string[];
  /** JSON-able: the rows, or one object; secrets (hashes, keys, codes) are left out. */
  data: unknown;
  files?: ExportFile[];
};

/**
 * Every domain event, its name and payload. A payload with `tx` is published inside the
 * publisher's transaction: subscribers write through `tx`, so their rows commit or roll back
 * with the publisher's. The list with publishers and subscribers: docs/architecture.md, "Events".
 */
export type EventMap = {
  /**
   * A sign-in finished (server/src/modules/sign-in/complete-sign-in.ts), any method. The OIDC
   * session does not exist yet: the device is keyed by the interaction uid and linked to the
   * session when the browser resumes (server/src/modules/devices/queries.ts linkDeviceToSession).
   */
  'user.signedIn': {
    userId: string;
    interactionUid: string;
    /** How (the first factor): password, otp, token (an app's one-time login token), qr, prompt, google, facebook, zalo. */
    method: string;
    client: { ip: string; userAgent: string; region: string | null; timeZone: string };
    /**
     * The SHA-256 of the browser's key (server/src/modules/sign-in/browser-key.ts); null for a
     * caller without the browser's cookies.
     */
    browser: string | null;
    /** The browser is remembered for the account at the second step. */
    remembered: boolean;
    tx: Db;
    afterCommit: AfterCommit;
  };
  /**
   * The account signed in from a browser it never used before, and it had signed in before
   * (server/src/modules/devices/events.ts): the alerts module mails the owner, with a link that
   * signs this device out. Once per account and browser, held by known_browsers' primary key.
   */
  'sign-in.newBrowser': {
    userId: string;
    deviceId: string;
    /** The device as its owner reads it: system · browser. */
    device: string;
    method: string;
    ip: string;
    region: string | null;
    timeZone: string;
    at: Date;
    tx: Db;
    afterCommit: AfterCommit;
  };
  /**
   * A signed-in device answered a sign-in request of another browser (issue 26): a QR code it
   * scanned or a push request. `request` is the browser that asked; `ip` the approver's.
   */
  'sign-in.answered': {
    userId: string;
    how: 'qr' | 'prompt';
    approved: boolean;
    request: { browser: string; system: string; ip: string };
    ip: string;
    tx: Db;
    afterCommit: AfterCommit;
  };
  /** An account is being deleted (spec account §7): every holder of the user's data erases its part. */
  'user.deleted': {
    userId: string;
    /** The users row as it was before the erasure (e.g. the avatar to remove). */
    user: typeof users.$inferSelect;
    /** The caller's IP, for the activity log. */
    ip: string;
    tx: Db;
    afterCommit: AfterCommit;
  };
  /**
   * A person's data archive is being made (server/src/features/data-export): every holder of the
   * person's data adds its part. `tx` only reads; `locale` is the reader's, for anything rendered.
   */
  'user.exporting': {
    userId: string;
    user: typeof users.$inferSelect;
    locale: Locale;
    tx: Db;
    add: (part: ExportPart) => void;
  };
  /** A data archive asked for is ready (server/src/features/data-export): the alerts module mails its owner. */
  'data-export.ready': { userId: string; tx: Db; afterCommit: AfterCommit };
  /** Two-step verification turned on: the setup's first code or the enable call (server/src/modules/two-factor). */
  'two-factor.enabled': { userId: string; ip: string; tx: Db; afterCommit: AfterCommit };
  /** Two-step verification turned off: the disable call, or a reset that also removed the authenticator. */
  'two-factor.disabled': { userId: string; ip: string; reason: 'disabled' | 'reset'; tx: Db; afterCommit: AfterCommit };
  /** A recovery code passed the second step; `left`: unused codes remaining. */
  'recovery-code.used': { userId: string; ip: string; left: number; tx: Db; afterCommit: AfterCommit };
  /**
   * The password changed (change password) or was reset (forgot password). Published after the
   * change committed, so it has no `tx`: its subscribers only tell the user.
   */
  'password.changed': { userId: string; ip: string; how: 'changed' | 'reset' };
  /**
   * An e-mail or phone was confirmed with its code (added and verified, or activated): the
   * activity log now; KYC, points and notifications later.
   */
  'contact.verified': { userId: string; type: 'email' | 'phone'; value: string; ip: string; tx: Db };
  /**
   * LOGIN_SECOND_STEP_FAILURES wrong second factors closed the account's second step
   * (server/src/modules/sign-in/second-factor.ts): someone who knows the password is guessing.
   * After the fact, no `tx`: its subscribers tell the owner.
   */
  'second-step.closed': { userId: string; ip: string };
  /**
   * LOGIN_LOCK_FAILURES failed sign-ins locked the account (server/src/modules/login-limits/login-limits.ts):
   * its owner is told. After the fact, no `tx`.
   */
  'account.locked': { userId: string; ip: string };
  /**
   * How the account signs in or recovers changed (features/contacts, features/recovery): the
   * alerts module keeps the undo steps behind a single-use link and, after the commit, mails it to
   * `tell` (the confirmed primary e-mail as it was before the change; none: nobody to tell).
   */
  'sign-in-way.changed': {
    userId: string;
    change: SignInChange;
    value: string;
    old?: string;
    ip: string;
    tell: string | null;
    undo: UndoStep[];
    tx: Db;
    afterCommit: AfterCommit;
  };
  /**
   * The owner followed an undo link (server/src/features/undo-change): each feature reverts its
   * steps in the same transaction, which also signs every device out.
   */
  'sign-in-way.undone': { userId: string; undo: UndoStep[]; tx: Db };
  /** "Log out all devices" (server/src/features/account/service.ts logoutAll): remembered browsers are forgotten too. */
  'user.loggedOutEverywhere': { userId: string; tx: Db };
  /** A reviewer approved or refused a person's identity verification (server/src/features/kyc/service.ts). */
  'kyc.reviewed': { userId: string; approved: boolean; reason: string | null; tx: Db; afterCommit: AfterCommit };
};

export type EventName = keyof EventMap;
export type EventHandler<N extends EventName> = (payload: EventMap[N]) => Promise<void> | void;

export type EventBus = {
  /**
   * Runs every subscriber of `name` one after the other, in the order they subscribed, and
   * resolves when the last is done. A subscriber's error is not caught: it rejects `publish`, the
   * later subscribers do not run, and a publisher inside a transaction rolls it back — nothing is
   * left half done.
   */
  publish<N extends EventName>(name: N, payload: EventMap[N]): Promise<void>;
  /** Adds a subscriber; the function returned removes it again. */
  subscribe<N extends EventName>(name: N, handler: EventHandler<N>): () => void;
};

/** One bus per application: server/src/deps.ts creates it, so each test app has its own. */
export function createEventBus(): EventBus {
  const handlers = new Map<EventName, EventHandler<EventName>[]>();
  return {
    async publish(name, payload) {
      for (const handler of [...(handlers.get(name) ?? [])]) await handler(payload);
    },
    subscribe(name, handler) {
      const list = handlers.get(name) ?? [];
      list.push(handler as EventHandler<EventName>);
      handlers.set(name, list);
      return () => {
        const at = list.indexOf(handler as EventHandler<EventName>);
        if (at >= 0) list.splice(at, 1);
      };
    },
  };
}
