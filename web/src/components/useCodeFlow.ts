import type { MessageKey } from '@portico/contracts';
import { useState } from 'react';
import { type CodeSent, type CodeStep, useCodeStep } from './useCodeStep';
import { useResumeCookie } from './useResumeCookie';

export interface CodeFlowOptions<A> {
  /** The cookie that keeps the flow's username (web/src/lib/cookies.ts). */
  cookie: string;
  /** The flow's check-process call: { times } while its code can still be tried. */
  checkProcess: (username: string) => Promise<{ times: number }>;
  /** The flow's message for an empty code. */
  emptyKey: MessageKey;
  resend: (username: string, captcha: string | undefined) => Promise<CodeSent>;
  check: (username: string, otp: string) => Promise<A>;
  /** The single-use token a good code answers, for the last step. */
  token: (answer: A) => string;
  /** A token handed over by another page (the "this wasn't me" link): the flow starts at the last step. */
  given?: { username: string; token: string } | null;
}

export interface CodeFlow {
  /** 1 the account, 2 the code, 3 what the token allows. */
  step: 1 | 2 | 3;
  /** The account the code went to. */
  username: string;
  token: string;
  code: CodeStep;
  /** True while the stored flow is being asked about. */
  loading: boolean;
  /** Step 1's send succeeded: remember the account, count down, go to the code. */
  sent: (username: string, answer: CodeSent) => void;
  /** Forget the stored flow (cancel, done elsewhere). */
  forget: () => void;
  /** Back to step 1 with another account. */
  restart: () => void;
}

/**
 * The three-step code flows of the public pages (register, forgot password): an account, a code
 * sent to it (useCodeStep.ts), then a step that the code's single-use token allows. The account
 * is kept in a cookie while its code can be tried, so a reload resumes at the code
 * (useResumeCookie.ts).
 */
export function useCodeFlow<A>(opts: CodeFlowOptions<A>): CodeFlow {
  const [step, setStep] = useState<1 | 2 | 3>(opts.given ? 3 : 1);
  const [username, setUsername] = useState(opts.given?.username ?? '');
  const [token, setToken] = useState(opts.given?.token ?? '');

  const code = useCodeStep({
    emptyKey: opts.emptyKey,
    resend: (captcha) => opts.resend(username, captcha),
    check: (otp) => opts.check(username, otp),
    onChecked: (answer) => {
      resume.forget();
      setToken(opts.token(answer));
      setStep(3);
    },
  });
  const toCode = (name: string, answer: CodeSent) => {
    setUsername(name);
    code.start(answer);
    setStep(2);
  };
  // A handed-over token wins over a code still waiting in another tab's flow.
  const resume = useResumeCookie(opts.cookie, opts.checkProcess, opts.given ? () => {} : toCode);

  return {
    step,
    username,
    token,
    code,
    loading: resume.loading,
    sent: (name, answer) => {
      resume.remember(name);
      toCode(name, answer);
    },
    forget: resume.forget,
    restart: () => {
      resume.forget();
      code.reset();
      setStep(1);
    },
  };
}
