/**
 * Flows as stored objects: the public face of server/src/modules/flows (see docs/architecture.md, Flows).
 * The kinds and their moves: kinds.ts; the record and its steps: service.ts; the code step: code-steps.ts.
 */
export { CODE_FLOW_TTL_SECONDS, type CodeFlows, createCodeFlows } from './code-steps.js';
export { subscribeFlows } from './events.js';
export {
  type CodeFlowKind,
  FLOW_KINDS,
  type FlowKind,
  type FlowState,
  type FromState,
  isFlowKind,
  mayMove,
  type NextState,
} from './kinds.js';
export {
  createFlows,
  type Flow,
  type FlowBinding,
  type Flows,
  type FlowTarget,
  type StepChanges,
  type Stepped,
} from './service.js';
