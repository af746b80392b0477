import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type ApprovalRequest,
  type approvalEndpoints,
  type HubEvent,
  type LoginAnswer,
  localePrefix,
  normalizeLoginName,
  type ParsedInputOf,
  PROMPT_SECONDS,
  PROMPTS_PENDING_MAX,
  PROMPTS_PER_HOUR,
  type Prompt,
  type Prompts,
  QR_APPROVE_PAGE,
  QR_CODE_MINUTES,
  QR_CODE_WIDTH,
  type QrCode,
  type VerifyPromptAnswer,
} from '@portico/contracts';
import type Provider from 'oidc-provider';
import QRCode from 'qrcode';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { AppError, badRequest, tooMany } from '../../lib/errors.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { createBrands } from '../../modules/branding/index.js';
import { inTransaction } from '../../modules/events/index.js';
import { createFlows, type Flow } from '../../modules/flows/index.js';
import { createHub, hubChannel, userHubChannel, userHubKey } from '../../modules/hub/index.js';
import {
  accountSubject,
  type ClientInfo,
  completeSignIn,
  createAppCodes,
  createLoginLimits,
  createSecondFactor,
  describeInteraction,
  findBoundInteraction,
  type Interaction,
  interactionUidOf,
} from '../../modules/sign-in/index.js';
import { CONTACT_EMAIL, CONTACT_PHONE, findUserById, findUserByLoginName } from '../../modules/users/index.js';

type InputOf<K extends keyof typeof approvalEndpoints> = ParsedInputOf<(typeof approvalEndpoints)[K]>;
type User = { id: string };
/** A QR code's or push request's flow, as the helpers below read it. */
type RequestFlow = Flow<'qr_sign_in'> | Flow<'push_approval'>;

/** The cookie holding the secret of this browser's QR code (the flow's secret). */
export const QR_COOKIE = 'portico_qr';
/** The cookie holding the secret of this browser's push request. */
export const PROMPT_COOKIE = 'portico_prompt';
const QR_SECONDS = 60 * QR_CODE_MINUTES;
/** QR codes one IP may have made in an hour (a page makes one every QR_CODE_MINUTES while open). */
const QR_CODES_PER_IP_HOUR = 120;
/** Push requests one IP may send in an hour, whatever the names (one person tries several accounts). */
const PROMPTS_PER_IP_HOUR = 30;
/** How long an account page's hub key lasts (the page asks for a new one with the list). */
const USER_HUB_KEY_SECONDS = 3600;

/** What a QR code or push request remembers (the flow's data). */
type RequestData = {
  interactionUid: string;
  channel: string;
  request: Omit<ApprovalRequest, 'expirySecond'>;
  /** Who scanned or answered it. */
  userId?: string;
  /** How it ended: refused on the device, a wrong number, or used by the browser. */
  outcome?: 'denied' | 'wrong' | 'used';
};
type PromptData = RequestData & { number: number; choices: number[]; mode: 'first' | 'second' };

const qrExpired = () => badRequest('qr_code_expired');
const promptExpired = () => badRequest('prompt_expired');
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const secondsLeft = (flow: { expiresAt: Date }) =>
  Math.max(0, Math.ceil((flow.expiresAt.getTime() - Date.now()) / 1000));

/** Three different two-digit numbers, the right one among them, in random order. */
function numberChoices(): { number: number; choices: number[] } {
  const choices = new Set<number>();
  while (choices.size < 3) choices.add(randomInt(10, 100));
  const list = [...choices];
  return { number: list[randomInt(0, 3)]!, choices: list };
}

/**
 * Sign-in approved by a device already signed in (issue 26): QR codes, push requests with number
 * matching and the hub events that wake the waiting page. Each is a flow
 * (server/src/modules/flows/kinds.ts `qr_sign_in`, `push_approval`): the browser that asked holds
 * it by the secret of its cookie and its interaction, the approving device finds it by its key's
 * channel (QR) or its id (push), every answer is a compare-and-set, and the sign-in ends in the one
 * completion path (method `qr` or `prompt`). The hub only tells pages to look.
 */
export function createApprovalService(deps: AppDeps, provider: Provider) {
  const flows = createFlows(deps);
  const hub = createHub(deps.kv);
  const secondFactor = createSecondFactor(deps, provider);
  const appCodes = createAppCodes(deps);
  const limits = createLoginLimits(deps);
  const brands = createBrands(deps);
  const db = deps.database.db;

  const interactionOf = (client: ClientInfo, returnUrl: string) =>
    findBoundInteraction(provider, interactionUidOf(returnUrl, deps.config.publicUrl), client);

  /** What the approver is shown about the browser that asks (QR phishing: it sees who is asking). */
  async function requestOf(client: ClientInfo, interaction: Interaction): Promise<RequestData['request']> {
    const { deviceName, browser, deviceType } = describeUserAgent(client.userAgent);
    const details = await describeInteraction(provider, interaction, brands);
    return {
      browser,
      system: deviceName,
      deviceType,
      ip: client.ip,
      region: client.region,
      time: new Date().toISOString(),
      clientName: details.client.clientName,
    };
  }

  async function underLimit(key: string, max: number, seconds: number) {
    if ((await deps.kv.incr(key, seconds)) > max) throw tooMany();
  }

  /** The answer's events: the flow's change committed with its activity entry, then the page is woken. */
  async function answered(
    flow: RequestFlow,
    userId: string,
    caller: CallerContext,
    how: 'qr' | 'prompt',
    approved: boolean,
    move: (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => Promise<unknown>,
  ): Promise<boolean> {
    const data = flow.data as RequestData;
    const moved = await inTransaction(db, async (tx, afterCommit) => {
      if (!(await move(tx))) return false;
      await deps.events.publish('sign-in.answered', {
        userId,
        how,
        approved,
        request: { browser: data.request.browser, system: data.request.system, ip: data.request.ip },
        ip: caller.ip,
        tx,
        afterCommit,
      });
      return true;
    });
    return moved;
  }

  /** The approved browser signs in to the approving account (gone meanwhile: the request is over). */
  async function signIn(
    client: ClientInfo,
    interaction: Interaction,
    userId: string,
    method: 'qr' | 'prompt',
    over: () => AppError,
  ): Promise<LoginAnswer> {
    if (!(await findUserById(db, userId))) throw over();
    // A paused account (login-limits.ts) is paused for every way in.
    if (await limits.isLocked(accountSubject(userId))) throw new AppError(429, 'account_locked');
    // The session ends with the browser: a QR code is often scanned for a borrowed or shared
    // computer, and an approval given with a portal token alone (taken from a page, say) buys no
    // lasting session elsewhere; the account's own sign-in there stays the way to be remembered.
    return completeSignIn(deps, provider, { interaction, userId, method, rememberMachine: false, client });
  }

  const wake = (channel: string, event: HubEvent) =>
    hub.publish(channel, event).catch((err) => deps.log.warn({ err }, 'hub publish failed'));

  // ---- QR code --------------------------------------------------------------------------------

  /** The live QR flow of a code, for the phone; a code another account scanned is not found. */
  async function scannable(code: string, user: User): Promise<Flow<'qr_sign_in'>> {
    const flow = await flows.findByTarget('qr_sign_in', hubChannel(code));
    if (!flow || flow.state === 'approved') throw qrExpired();
    if (flow.state === 'scanned' && (flow.data as RequestData).userId !== user.id) throw qrExpired();
    return flow;
  }

  return {
    /** spec §7 "GET QR code": a new code for this browser's pending sign-in, held by its cookie. */
    async qrCode(client: ClientInfo, { returnUrl }: InputOf<'qrCode'>): Promise<QrCode> {
      const interaction = await interactionOf(client, returnUrl);
      await underLimit(`qr-codes:${client.ip}`, QR_CODES_PER_IP_HOUR, 3600);
      const code = randomBytes(24).toString('base64url');
      const data: RequestData = {
        interactionUid: interaction.uid,
        channel: hubChannel(code),
        request: await requestOf(client, interaction),
      };
      const { secret } = await flows.start('qr_sign_in', {
        target: data.channel,
        subject: null,
        ttlSeconds: QR_SECONDS,
        data,
        secret: true,
      });
      client.cookies?.set(QR_COOKIE, secret!, QR_SECONDS);
      // The phone opens the portal's approval page in the language this page is in.
      const url = `${deps.config.publicUrl}${localePrefix(client.locale)}${QR_APPROVE_PAGE}?code=${code}`;
      const image = await QRCode.toDataURL(url, { width: QR_CODE_WIDTH * 2, margin: 1, errorCorrectionLevel: 'M' });
      return { image, code, time: QR_CODE_MINUTES };
    },

    /** spec §7 "GET login by QR code": only the browser that showed the code, once it is approved. */
    async loginByQrCode(client: ClientInfo, { key, returnUrl }: InputOf<'loginByQrCode'>): Promise<LoginAnswer> {
      const interaction = await interactionOf(client, returnUrl);
      const secret = client.cookies?.get(QR_COOKIE);
      const flow = secret ? await flows.findBySecret('qr_sign_in', secret) : undefined;
      const data = flow?.data as RequestData | undefined;
      if (!flow || !data || flow.target !== hubChannel(key) || data.interactionUid !== interaction.uid)
        throw qrExpired();
      if (flow.state !== 'approved' || !data.userId) throw qrExpired();
      if (!(await flows.advance('qr_sign_in', flow.id, 'approved', 'done', { data: { outcome: 'used' } })))
        throw qrExpired();
      client.cookies?.clear(QR_COOKIE);
      return signIn(client, interaction, data.userId, 'qr', qrExpired);
    },

    /** What the scanned code would sign in; the first account to ask is the only one that may answer. */
    async qrDetails(user: User, { code }: InputOf<'qrDetails'>): Promise<ApprovalRequest> {
      let flow = await scannable(code, user);
      if (flow.state === 'shown') {
        const moved = await flows.advance('qr_sign_in', flow.id, 'shown', 'scanned', { data: { userId: user.id } });
        // Another request moved it first: it is this account's only if this account scanned it.
        flow = moved?.flow ?? (await scannable(code, user));
        if (moved) await wake(flow.target, { type: 'qrScanned' });
      }
      const data = flow.data as RequestData;
      return { ...data.request, expirySecond: secondsLeft(flow) };
    },

    /** Approve: the browser is woken to sign in; refuse: the code ends and the browser is told. */
    async qrApprove(user: User, caller: CallerContext, { code, approve }: InputOf<'qrApprove'>) {
      const flow = await scannable(code, user);
      if (flow.state !== 'scanned') throw qrExpired();
      const moved = await answered(flow, user.id, caller, 'qr', approve, (tx) =>
        approve
          ? flows.advance('qr_sign_in', flow.id, 'scanned', 'approved', {}, tx)
          : flows.advance('qr_sign_in', flow.id, 'scanned', 'done', { data: { outcome: 'denied' } }, tx),
      );
      if (!moved) throw qrExpired();
      await wake(flow.target, approve ? { type: 'qrLogin' } : { type: 'expired', reason: 'denied' });
      return { ok: true as const };
    },

    // ---- Push request (prompt) ----------------------------------------------------------------

    /**
     * spec §7 "POST request verify prompt": the login page's second step when this browser owes
     * one that a push request may pass, else a sign-in by approval for the name typed. The answer
     * is the same for a name no account has (a request nobody will answer), and the limits count
     * per name, so nothing here tells an outsider whether an account exists.
     */
    async requestVerifyPrompt(
      client: ClientInfo,
      { username, returnUrl }: InputOf<'requestVerifyPrompt'>,
    ): Promise<VerifyPromptAnswer> {
      const interaction = await interactionOf(client, returnUrl);
      const owedBy = (await secondFactor.owedTo(client, returnUrl, 'prompt'))?.userId;
      if (!owedBy && !username) throw badRequest('error_username_empty', { username: ['error_username_empty'] });
      const name = normalizeLoginName(username ?? '');
      const userId =
        owedBy ??
        (await findUserByLoginName(db, name.kind === 'email' ? CONTACT_EMAIL : CONTACT_PHONE, name.value))?.id ??
        null;
      // Push fatigue: few at once and few an hour per name typed, and per IP; a name without an
      // account is counted the same way, so the limits tell nothing. The account's own limits
      // (its waiting requests, its hour) also hold whichever of its names is typed.
      await underLimit(`prompts-ip:${client.ip}`, PROMPTS_PER_IP_HOUR, 3600);
      if (!owedBy) {
        await underLimit(`prompts-hour:n:${sha256(name.value)}`, PROMPTS_PER_HOUR, 3600);
        await underLimit(`prompts-now:n:${sha256(name.value)}`, PROMPTS_PENDING_MAX, PROMPT_SECONDS);
      }
      if (userId) {
        const waiting = (await flows.listLive('push_approval', userId)).filter((f) => f.state === 'asked');
        if (waiting.length >= PROMPTS_PENDING_MAX) throw tooMany();
        await underLimit(`prompts-hour:u:${userId}`, PROMPTS_PER_HOUR, 3600);
      }

      const key = randomBytes(24).toString('base64url');
      const { number, choices } = numberChoices();
      const data: PromptData = {
        interactionUid: interaction.uid,
        channel: hubChannel(key),
        request: await requestOf(client, interaction),
        number,
        choices,
        mode: owedBy ? 'second' : 'first',
      };
      const { secret } = await flows.start('push_approval', {
        target: data.channel,
        subject: userId,
        ttlSeconds: PROMPT_SECONDS,
        data,
        secret: true,
      });
      client.cookies?.set(PROMPT_COOKIE, secret!, PROMPT_SECONDS);
      // Not awaited: the answer takes as long for a name with an account as for one without.
      if (userId) void wake(userHubChannel(userId), { type: 'promptAsked' });
      return { message: key, number, expirySecond: PROMPT_SECONDS };
    },

    /** spec §7 "GET two-factor prompt login": this browser's approved request signs it in (or passes its second step). */
    async promptLogin(
      client: ClientInfo,
      { returnUrl, rememberMachine }: InputOf<'promptLogin'>,
    ): Promise<LoginAnswer> {
      const interaction = await interactionOf(client, returnUrl);
      const secret = client.cookies?.get(PROMPT_COOKIE);
      const flow = secret ? await flows.findBySecret('push_approval', secret) : undefined;
      const data = flow?.data as PromptData | undefined;
      if (!flow || !data || data.interactionUid !== interaction.uid) throw promptExpired();
      if (flow.state === 'asked') throw new AppError(409, 'prompt_waiting');
      if (flow.state !== 'approved' || !flow.subject) throw promptExpired();
      if (!(await flows.advance('push_approval', flow.id, 'approved', 'done', { data: { outcome: 'used' } })))
        throw promptExpired();
      client.cookies?.clear(PROMPT_COOKIE);
      if (data.mode === 'second')
        return secondFactor.passProven(client, { returnUrl, rememberMachine }, flow.subject, 'prompt');
      return signIn(client, interaction, flow.subject, 'prompt', promptExpired);
    },

    /** The push requests waiting for this account, and the page's own hub key to hear new ones. */
    async prompts(user: User): Promise<Prompts> {
      const live = await flows.listLive('push_approval', user.id);
      const items: Prompt[] = live
        .filter((f) => f.state === 'asked')
        .map((f) => {
          const data = f.data as PromptData;
          return { id: f.id, numbers: data.choices, ...data.request, expirySecond: secondsLeft(f) };
        });
      return { items, hubKey: userHubKey(deps.secrets.encryptionKey, user.id, USER_HUB_KEY_SECONDS) };
    },

    /** The right number approves; a wrong one or a refusal ends the request, and the login page is told. */
    async answerPrompt(user: User, caller: CallerContext, { id, number, deny }: InputOf<'answerPrompt'>) {
      const flow = await flows.findById('push_approval', id);
      if (!flow || flow.subject !== user.id || flow.state !== 'asked') throw promptExpired();
      const data = flow.data as PromptData;
      const approve = deny !== true && number === data.number;
      const outcome = deny === true ? 'denied' : 'wrong';
      const moved = await answered(flow, user.id, caller, 'prompt', approve, (tx) =>
        approve
          ? flows.advance('push_approval', flow.id, 'asked', 'approved', {}, tx)
          : flows.advance('push_approval', flow.id, 'asked', 'done', { data: { outcome } }, tx),
      );
      if (!moved) throw promptExpired();
      await wake(flow.target, approve ? { type: 'promptLogin' } : { type: 'promptDenied', reason: outcome });
      // The account's other pages and devices drop the dialog of a request answered here.
      await wake(userHubChannel(user.id), { type: 'promptAnswered' });
      if (!approve && deny !== true) throw badRequest('prompt_wrong_number', { number: ['prompt_wrong_number'] });
      return { approved: approve };
    },

    /** The `app` second factor's code for this account (server/src/modules/sign-in/app-codes.ts). */
    appCode: (user: User) => appCodes.issue(user.id),

    /**
     * What a hub key's page should hear first, from the flow (a page that reconnects learns what
     * happened meanwhile), and until when the key lives; null for a key the hub does not know.
     */
    async hubState(key: string): Promise<{ first: HubEvent | null; expiresAt: Date } | null> {
      const channel = hubChannel(key);
      const qr = await flows.findByTarget('qr_sign_in', channel, { withDone: true });
      const flow = qr ?? (await flows.findByTarget('push_approval', channel, { withDone: true }));
      if (!flow) return null;
      const outcome = (flow.data as RequestData).outcome;
      const first: HubEvent | null =
        flow.state === 'approved'
          ? { type: qr ? 'qrLogin' : 'promptLogin' }
          : flow.state === 'scanned'
            ? { type: 'qrScanned' }
            : flow.state === 'done'
              ? !qr && outcome !== 'used'
                ? { type: 'promptDenied', reason: outcome === 'wrong' ? 'wrong' : 'denied' }
                : { type: 'expired', reason: outcome === 'used' ? 'used' : 'denied' }
              : null;
      return { first, expiresAt: flow.expiresAt };
    },
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
