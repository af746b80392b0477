import { approvalEndpoints as e } from '@portico/contracts';
import { call } from '../../api/endpoint';

// The signed-in side of a sign-in approved by a device (contracts/src/approval.ts): what a scanned
// QR code would sign in and the answer, the push requests waiting and their answers, the app code.

export const PROMPTS_QUERY_KEY = ['account', 'prompts'] as const;

export const qrDetails = (code: string) => call(e.qrDetails, { code });
export const approveQr = (code: string, approve: boolean) => call(e.qrApprove, { code, approve });
export const listPrompts = () => call(e.prompts, {});
export const answerPrompt = (id: string, answer: { number: number } | { deny: true }) =>
  call(e.answerPrompt, { id, ...answer });
export const getAppCode = () => call(e.appCode, {});
