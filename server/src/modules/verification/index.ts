// The one code service (issue, resend limits, verify) and its part of account deletion.
export { subscribeVerification } from './events.js';
export { findCode, type VerificationCode } from './queries.js';
export {
  createVerificationService,
  type IssueAnswer,
  type IssueMessage,
  type IssueOptions,
  NoLiveCode,
  type VerificationPurpose,
  type VerificationService,
} from './service.js';
