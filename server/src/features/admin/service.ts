import type {
  AdminAccountAction,
  AdminClient,
  AdminUser,
  AdminUserRow,
  ClientFields,
  Locale,
} from '@portico/contracts';
import { AUDIT_PAGE_SIZE, localePrefix } from '@portico/contracts';
import type Provider from 'oidc-provider';
import type { AppDeps } from '../../deps.js';
import type { AdminContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { AppError, forbidden, notFound, tooMany } from '../../lib/errors.js';
import { localeOf, translate } from '../../lib/i18n.js';
import { sendLater } from '../../lib/send-later.js';
import { listActivityPage, renderActivity } from '../../modules/activity/index.js';
import { listAuditPage, recordAudit } from '../../modules/audit/index.js';
import { listUserDevices } from '../../modules/devices/index.js';
import { inTransaction } from '../../modules/events/index.js';
import { accountSubject, createLoginLimits } from '../../modules/login-limits/index.js';
import { endSessions } from '../../modules/password/index.js';
import { adminPermissionsOf } from '../../modules/permissions/index.js';
import { createTwoFactor } from '../../modules/two-factor/index.js';
import { CONTACT_EMAIL, setSuspended } from '../../modules/users/index.js';
import { createClientStore } from '../../oidc/client-store.js';
import { listSessionsOfAccount } from '../../oidc/queries.js';
import { findUserRow, listContacts, searchUsers, securityState } from './queries.js';

type Row = NonNullable<Awaited<ReturnType<typeof findUserRow>>>;

/** How often an operator may resend an account's activation in an hour. */
const RESENDS_PER_HOUR = 3;

const nameOf = (user: Row['user']) => [user.lastName, user.firstName].filter(Boolean).join(' ');

const toRow = ({ user, email, phone }: Row): AdminUserRow => ({
  id: user.id,
  name: nameOf(user),
  email,
  phone,
  createdAt: user.createdAt.toISOString(),
  suspended: user.suspendedAt !== null,
  deleted: user.deletedAt !== null,
});

/**
 * The admin console's rules (issue 31 point 1). Every change runs in one transaction with its
 * audit entry (server/src/modules/audit), so the log holds every change and nothing else.
 */
export function createAdminService(deps: AppDeps, provider: Provider) {
  const db = deps.database.db;
  const clients = createClientStore(db, provider, deps.clients);
  const limits = createLoginLimits(deps);

  async function view(userId: string, locale: Locale): Promise<AdminUser> {
    const row = await findUserRow(db, userId);
    if (!row) throw notFound();
    const [contacts, security, locked, sessions, devices, activity] = await Promise.all([
      listContacts(db, userId),
      securityState(db, userId),
      limits.isLocked(accountSubject(userId)),
      listSessionsOfAccount(db, userId),
      listUserDevices(db, userId, false),
      listActivityPage(db, userId, 0, 10),
    ]);
    return {
      ...toRow(row),
      suspendedAt: row.user.suspendedAt?.toISOString() ?? null,
      hasPassword: row.user.passwordHash !== null,
      contacts: contacts.map((c) => ({
        type: c.type === 2 ? ('email' as const) : ('phone' as const),
        value: c.value,
        verified: c.isConfirmed,
        primary: c.isPrimary,
        allowLogin: c.allowLogin,
      })),
      ...security,
      locked,
      sessions: sessions.map((s) => ({
        signedInAt: s.signedInAt.toISOString(),
        expiresAt: s.expiresAt?.toISOString() ?? null,
        methods: s.methods,
        clients: s.clients,
      })),
      devices: devices.map((d) => ({
        id: d.id,
        name: [d.deviceName, d.browser].filter(Boolean).join(' · '),
        ip: d.ip || null,
        lastSeen: d.lastActionTime.toISOString(),
        signedIn: d.loggedOutAt === null,
      })),
      activity: activity.rows.map((a) => ({
        id: a.id,
        html: renderActivity(locale, a.action, a.params),
        createdAt: a.createdAt.toISOString(),
      })),
    };
  }

  /** Who did it, from where: the operator's request. */
  const audited = (admin: AdminContext, caller: CallerContext) => (tx: Parameters<typeof recordAudit>[0]) => ({
    record: (action: string, targetKind: 'user' | 'client', targetId: string, detail?: Record<string, unknown>) =>
      recordAudit(tx, { actorId: admin.user.id, action, targetKind, targetId, detail, caller }),
  });

  /**
   * Each unconfirmed e-mail or phone is sent the way to activate it: the activate page, where the
   * person (signed in) gets a code of their own. No code is sent from here: a code belongs to the
   * session that asks for it (server/src/features/contacts/service.ts).
   */
  async function resendVerification(
    userId: string,
    record: (tx: Parameters<typeof recordAudit>[0], detail: Record<string, unknown>) => Promise<unknown>,
  ) {
    const [row, contacts] = await Promise.all([findUserRow(db, userId), listContacts(db, userId)]);
    const waiting = contacts.filter((c) => !c.isConfirmed);
    if (!row || waiting.length === 0) throw new AppError(409, 'admin_nothing_to_verify');
    // The addresses may be a stranger's, and a text costs money: a few times an hour per account.
    const sends = await deps.kv.incr(`admin:resend-verification:${userId}`, 3600);
    if (sends > RESENDS_PER_HOUR) throw tooMany('too_many_requests', 3600);
    await inTransaction(db, (tx) => record(tx, { sent: waiting.length }));
    const locale = localeOf(row.user.languageId);
    const product = deps.config.PRODUCT_NAME;
    for (const contact of waiting) {
      const email = contact.type === CONTACT_EMAIL;
      const page = email ? '/account/active-email?newemail=' : '/account/active-phone?newphone=';
      const url = `${deps.config.publicUrl}${localePrefix(locale)}${page}${encodeURIComponent(contact.value)}`;
      const values = { product, value: contact.value, url };
      const text = translate(locale, 'mail_activate_reminder_text', values);
      sendLater(
        () =>
          email
            ? deps.mailer.send({
                to: contact.value,
                subject: translate(locale, 'mail_activate_reminder_subject', values),
                text,
              })
            : deps.sms.send({ to: contact.value, text }),
        (err) => deps.log.error({ err }, 'could not send an activation reminder'),
      );
    }
  }

  return {
    search: async (q: string) => (await searchUsers(db, q)).map(toRow),
    view,

    async act(admin: AdminContext, caller: CallerContext, userId: string, action: AdminAccountAction) {
      // An operator never suspends or resets their own account (nor locks themselves out by mistake).
      if (userId === admin.user.id) throw forbidden('admin_own_account');
      const row = await findUserRow(db, userId);
      if (!row || row.user.deletedAt) throw notFound();
      // Nor does one operator lock another out: an administrator's account is the command line's.
      if ((await adminPermissionsOf(db, userId)).length > 0) throw forbidden('admin_target_operator');
      const record = (tx: Parameters<typeof recordAudit>[0], detail?: Record<string, unknown>) =>
        audited(admin, caller)(tx).record(action, 'user', userId, detail);
      if (action === 'reset-two-factor') {
        await createTwoFactor(deps).reset(userId, caller, (tx) => record(tx));
      } else if (action === 'resend-verification') {
        await resendVerification(userId, record);
      } else {
        await inTransaction(db, async (tx) => {
          if (action === 'suspend' || action === 'unsuspend') {
            if (!(await setSuspended(tx, userId, action === 'suspend'))) throw notFound();
          }
          // A suspension ends every session and token too: nothing signed in stays.
          if (action === 'suspend' || action === 'end-sessions') await endSessions(tx, userId);
          await record(tx);
        });
        // The counters live in the key-value store: lifted once the entry is written.
        if (action === 'clear-lockout') await limits.clearLock(accountSubject(userId));
      }
      return view(userId, caller.locale);
    },

    listClients: (): Promise<AdminClient[]> => clients.list(),

    createClient: (admin: AdminContext, caller: CallerContext, clientId: string, fields: ClientFields) =>
      inTransaction(db, async (tx) => {
        const made = await clients.create(tx, clientId, fields);
        await audited(admin, caller)(tx).record('client_create', 'client', clientId, { fields });
        return made;
      }),

    updateClient: (admin: AdminContext, caller: CallerContext, clientId: string, fields: ClientFields) =>
      inTransaction(db, async (tx) => {
        const changed = await clients.update(tx, clientId, fields);
        await audited(admin, caller)(tx).record('client_update', 'client', clientId, { fields });
        return changed;
      }),

    rotateSecret: (admin: AdminContext, caller: CallerContext, clientId: string) =>
      inTransaction(db, async (tx) => {
        const rotated = await clients.rotateSecret(tx, clientId);
        await audited(admin, caller)(tx).record('client_rotate', 'client', clientId);
        return rotated;
      }),

    deleteClient: (admin: AdminContext, caller: CallerContext, clientId: string) =>
      inTransaction(db, async (tx) => {
        await clients.remove(tx, clientId);
        await audited(admin, caller)(tx).record('client_delete', 'client', clientId);
        return { ok: true as const };
      }),

    async audit(pageIndex: number, targetId: string | undefined) {
      const { rows, total } = await listAuditPage(db, {
        offset: (pageIndex - 1) * AUDIT_PAGE_SIZE,
        limit: AUDIT_PAGE_SIZE,
        targetId,
      });
      const actors = await Promise.all(
        [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id))].map(
          async (id) => [id, await findUserRow(db, id)] as const,
        ),
      );
      const names = new Map(actors.map(([id, row]) => [id, row ? nameOf(row.user) || (row.email ?? id) : id]));
      return {
        rows: rows.map((r) => ({
          id: r.id,
          at: r.createdAt.toISOString(),
          actorId: r.actorId,
          actorName: r.actorId ? (names.get(r.actorId) ?? r.actorId) : '',
          action: r.action,
          targetKind: r.targetKind,
          targetId: r.targetId,
          detail: (r.detail ?? {}) as Record<string, unknown>,
          ip: r.ip,
        })),
        totalRows: total,
      };
    },
  };
}
