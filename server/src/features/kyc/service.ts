import { KYC_STATUS, type KycDetails, type KycStatus, type kycEndpoints, type ParsedInputOf } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { badRequest, notFound, tooMany } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import { recordBackOfficeAudit } from '../../modules/audit/index.js';
import { listClaims, upsertClaim } from '../../modules/claims/index.js';
import { inTransaction } from '../../modules/events/index.js';
import { createPrivateFiles } from '../../modules/files/index.js';
import { imageTypeOf } from '../../modules/images/index.js';
import { findUserById, lockUser } from '../../modules/users/index.js';
import { findVerification, type KycRow, listByStatus, lockVerification, saveVerification } from './queries.js';

type E = typeof kycEndpoints;

/** Who reviews: the product API's caller (a client, or a person of the back office) and where from. */
type Reviewer = { clientId: string; userId?: string; caller: Pick<CallerContext, 'ip' | 'userAgent'> };
/** Uploads one person may make in an hour (each is a file kept until the next submission). */
const UPLOADS_PER_HOUR = 20;
const KYC_ACTIVITY = {
  submitted: 'activity_kyc_submitted',
  approved: 'activity_kyc_approved',
  refused: 'activity_kyc_refused',
} as const;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const statusOf = (row: KycRow | undefined): KycStatus => (row?.status ?? KYC_STATUS.notVerified) as KycStatus;
/** A submission may be made when nothing waits and nothing was verified. */
const open = (status: KycStatus) => status === KYC_STATUS.notVerified || status === KYC_STATUS.refuse;

/**
 * Identity verification (issue 28 point 4): private ID images (DATA_DIR/private, shown only
 * through short-lived signed URLs to their owner and the reviewer), the claims kyc_front and
 * kyc_back naming them by file id, and the review of the platform's back office. Each change is
 * in the person's activity log; a review is e-mailed (kyc.reviewed, server/src/modules/alerts).
 */
export function createKycService(
  deps: Pick<AppDeps, 'database' | 'storage' | 'secrets' | 'config' | 'kv' | 'events' | 'log'>,
) {
  const { db } = deps.database;
  const files = createPrivateFiles(deps);

  /** The images the claims name, with their URLs. */
  async function images(userId: string) {
    const claims = await listClaims(db, userId);
    const idOf = (type: string) => claims.find((c) => c.claimType === type)?.claimValue;
    const ids = [idOf('kyc_front'), idOf('kyc_back')];
    const found = await files.find(
      db,
      userId,
      'kyc',
      ids.filter((id): id is string => !!id),
    );
    const image = (id: string | undefined) => {
      const file = found.find((f) => f.id === id);
      return file ? { fileId: file.id, url: files.urlOf(file) } : null;
    };
    return { front: image(ids[0]), back: image(ids[1]) };
  }

  async function details(userId: string, row?: KycRow): Promise<KycDetails> {
    const verification = row ?? (await findVerification(db, userId));
    return {
      status: statusOf(verification),
      reason: verification?.status === KYC_STATUS.refuse ? (verification.reason ?? null) : null,
      submittedAt: iso(verification?.submittedAt ?? null),
      reviewedAt: iso(verification?.reviewedAt ?? null),
      ...(await images(userId)),
    };
  }

  /** A reviewer's decision on a waiting verification. */
  async function decide(userId: string, reviewer: Reviewer, approved: boolean, reason: string | null) {
    const row = await inTransaction(db, async (tx, afterCommit) => {
      const current = await lockVerification(tx, userId);
      if (!current) throw notFound();
      if (current.status !== KYC_STATUS.wait) throw badRequest('kyc_not_waiting');
      const saved = await saveVerification(tx, {
        ...current,
        status: approved ? KYC_STATUS.verified : KYC_STATUS.refuse,
        reason,
        reviewedAt: new Date(),
        reviewedBy: reviewer.clientId,
      });
      await insertActivity(tx, {
        userId,
        action: approved ? KYC_ACTIVITY.approved : KYC_ACTIVITY.refused,
        params: approved ? {} : { reason: reason ?? '' },
      });
      await deps.events.publish('kyc.reviewed', { userId, approved, reason, tx, afterCommit });
      await recordBackOfficeAudit(tx, reviewer, reviewer.caller, {
        action: approved ? 'kyc_approve' : 'kyc_refuse',
        targetKind: 'user',
        targetId: userId,
        detail: reason ? { reason } : {},
      });
      return saved;
    });
    return { userId, ...(await details(userId, row)) };
  }

  return {
    check: async (userId: string) => statusOf(await findVerification(db, userId)),
    details: (userId: string) => details(userId),

    /**
     * Stores one ID image privately; refused while the verification is waiting or done. The
     * status is read under the account's lock, as a submission takes it, so an upload never lands
     * between a submission's check and its pruning of the other uploads.
     */
    async upload(userId: string, data: Buffer) {
      if (!open(statusOf(await findVerification(db, userId)))) throw badRequest('kyc_locked');
      const type = imageTypeOf(data);
      if (!type) throw badRequest('invalid_image', { file: ['invalid_image'] });
      if ((await deps.kv.incr(`kyc:uploads:${userId}`, 3600)) > UPLOADS_PER_HOUR) throw tooMany();
      const { fileId, url } = await files.store(userId, 'kyc', { data, extension: type.extension }, (record) =>
        db.transaction(async (tx) => {
          await lockUser(tx, userId);
          if (!open(statusOf(await lockVerification(tx, userId)))) throw badRequest('kyc_locked');
          await record(tx);
        }),
      );
      return { fileId, url };
    },

    /**
     * update-list-user-claim: both images named by their file ids (the person's own uploads),
     * written as the claims kyc_front and kyc_back; the verification waits for review, and the
     * person's other uploads are removed.
     */
    async submit(userId: string, { claims }: ParsedInputOf<E['submit']>, caller: CallerContext) {
      const front = claims.find((c) => c.claimType === 'kyc_front')?.claimValue;
      const back = claims.find((c) => c.claimType === 'kyc_back')?.claimValue;
      if (!front || !back) throw badRequest('please_upload_your_identity_captcha');
      const row = await inTransaction(db, async (tx, afterCommit) => {
        await lockUser(tx, userId);
        if (!open(statusOf(await lockVerification(tx, userId)))) throw badRequest('kyc_locked');
        // Ids of someone else's files, or of none, are as good as no image.
        if (front === back || (await files.find(tx, userId, 'kyc', [front, back])).length !== 2)
          throw badRequest('please_upload_your_identity_captcha');
        await upsertClaim(tx, userId, 'kyc_front', front);
        await upsertClaim(tx, userId, 'kyc_back', back);
        const dropped = await files.prune(tx, userId, 'kyc', [front, back]);
        afterCommit(() => files.removeStored(dropped));
        await insertActivity(tx, { userId, action: KYC_ACTIVITY.submitted, params: { ip: caller.ip } });
        return saveVerification(tx, {
          userId,
          status: KYC_STATUS.wait,
          reason: null,
          submittedAt: new Date(),
          reviewedAt: null,
          reviewedBy: null,
        });
      });
      return details(userId, row);
    },

    async reviewList({ status, limit }: ParsedInputOf<E['reviewList']>) {
      const rows = await listByStatus(db, status, limit, deps.config.GUARDIAN_CONSENT_AGE);
      return rows.map((row) => ({
        userId: row.userId,
        status: statusOf(row),
        reason: row.reason,
        submittedAt: iso(row.submittedAt),
        reviewedAt: iso(row.reviewedAt),
      }));
    },

    async review(userId: string) {
      const row = await findVerification(db, userId);
      if (!row || !(await findUserById(db, userId))) throw notFound();
      return { userId, ...(await details(userId, row)) };
    },

    approve: (userId: string, reviewer: Reviewer) => decide(userId, reviewer, true, null),
    refuse: (userId: string, reviewer: Reviewer, reason: string) => decide(userId, reviewer, false, reason),
  };
}
