import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { createVerificationService, findCode, type IssueAnswer, type IssueOptions } from '../verification/index.js';
import type { CodeFlowKind, FromState, NextState } from './kinds.js';
import { createFlows, type Flow, type FlowTarget, type StepChanges, type Stepped } from './service.js';

/**
 * How long a code flow can be resumed and its code resent: a day, so a page opened again later
 * still finds it (each code keeps its own, shorter OTP_TTL_SECONDS).
 */
export const CODE_FLOW_TTL_SECONDS = 86_400;

const otpInvalid = () => badRequest('otp_invalid', { otp: ['otp_invalid'] });

/**
 * The first step of every code flow: the code from the one verification service
 * (server/src/modules/verification/service.ts; its purpose is the flow's kind), and the flow
 * record waiting for it in `code_sent`. The code answers for itself (cooldown, expiry, tries, single
 * use); the flow says which process it belongs to and carries it to the next step.
 */
export function createCodeFlows(deps: AppDeps, opts: { now?: () => Date } = {}) {
  const now = opts.now ?? (() => new Date());
  const flows = createFlows(deps, { now });
  const codes = createVerificationService(deps, { now });

  /** The live flow waiting for its code (the code itself may have expired or run out of tries): a resend may follow. */
  async function started<K extends CodeFlowKind>(kind: K, key: FlowTarget): Promise<Flow<K> | undefined> {
    const flow = await flows.find(kind, key);
    return flow?.state === 'code_sent' ? flow : undefined;
  }

  return {
    flows,
    started,

    /**
     * Sends the code (or, with `message`, what codes.issue sends instead) and (re)starts the flow
     * waiting for it; answers the code service's { times }. A flow with no subject is how a name
     * no account has goes through the same steps (send it `message: 'nothing'`).
     */
    async send(kind: CodeFlowKind, key: FlowTarget, options: Omit<IssueOptions, 'userId'> = {}): Promise<IssueAnswer> {
      const answer = await codes.issue(kind, key.target, { ...options, userId: key.subject });
      await flows.start(kind, { ...key, ttlSeconds: CODE_FLOW_TTL_SECONDS });
      return answer;
    },

    /**
     * What a page resumes with: { times } until a resend while the flow waits for a code that can
     * still be tried (unused, unexpired, tries left); undefined otherwise.
     */
    async waiting(kind: CodeFlowKind, key: FlowTarget): Promise<{ times: number } | undefined> {
      if (!(await started(kind, key))) return undefined;
      const code = await findCode(deps.database.db, { purpose: kind, target: key.target, userId: key.subject });
      if (!code || code.consumedAt || code.expiresAt <= now() || code.attempts >= deps.config.OTP_MAX_ATTEMPTS)
        return undefined;
      return { times: await codes.cooldown(kind, key.target, key.subject) };
    },

    /** Checks the code once (the code service's answers: otp_invalid, otp_expired, otp_too_many_attempts). */
    verify: (kind: CodeFlowKind, key: FlowTarget, otp: string) => codes.verify(kind, key.target, otp, key.subject),

    /**
     * The code step: checks the code, then moves the flow from code_sent to `to`. otp_invalid when
     * the flow is gone or was replaced meanwhile (a new send) or another request moved it first.
     */
    async pass<K extends CodeFlowKind>(
      kind: K,
      key: FlowTarget,
      otp: string,
      to: NextState<K, 'code_sent' & FromState<K>>,
      changes: StepChanges = {},
    ): Promise<Stepped<K>> {
      await codes.verify(kind, key.target, otp, key.subject);
      const flow = await started(kind, key);
      const moved = flow && (await flows.advance(kind, flow.id, 'code_sent' as FromState<K>, to, changes));
      if (!moved) throw otpInvalid();
      return moved;
    },
  };
}

export type CodeFlows = ReturnType<typeof createCodeFlows>;
