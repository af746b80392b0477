import { type MessageKey, otpCode, otpForSubmit } from '@portico/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { looseT } from '../i18n/t';
import { splitApiError } from '../lib/formErrors';
import { notifyDone } from '../lib/notify';
import { type CaptchaOnDemand, useCaptchaOnDemand } from './useCaptchaOnDemand';

/** What a code send answers: the server's countdown in seconds ({ times }, expirySecond) or nothing. */
export type CodeSent = number | { times?: number; expirySecond?: number } | null | undefined;

/** The countdown of a send answer, in whole seconds, never below zero. */
export const sentSeconds = (answer: CodeSent): number => {
  const seconds = typeof answer === 'number' ? answer : (answer?.times ?? answer?.expirySecond ?? 0);
  return Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
};

export interface CodeStepOptions<R> {
  /** The spec's message for an empty code in this flow (otp_required, please_enter_verification_code...). */
  emptyKey: MessageKey;
  /**
   * Sends a new code; captcha is the answer once the server asked for one. False: no code, the page
   * went on. Left out for a code the user's own app makes (the authenticator): no countdown, no resend.
   */
  resend?: (captcha: string | undefined) => Promise<CodeSent | false>;
  /** The code's field name in the endpoint's input and error answers (default otp). */
  codeField?: string;
  /** Checks the code (digits only, as the server takes it). */
  check: (otp: string) => Promise<R>;
  /** After a good code; the step stays busy until a promise it returns settles. */
  onChecked: (answer: R) => unknown;
  /** A failed call the page handles itself (a step-1 field refused, the session gone); true skips the messages. */
  onError?: (error: unknown, during: 'check' | 'resend') => boolean | undefined;
  /** Fields of the step besides otp whose messages are shown at their field (e.g. OtpType). */
  fields?: readonly string[];
  /** Say 'code sent' after a resend (default true). */
  notifyResend?: boolean;
  /** The page's own captcha when it has one for other calls too (login); else one that appears on demand. */
  captcha?: CaptchaOnDemand;
}

export interface CodeStep {
  otp: string;
  setOtp: (value: string) => void;
  /** Translated message per field (otp, and the step's other fields). */
  errors: Record<string, string>;
  alert: string | null;
  setAlert: (message: string | null) => void;
  /** No messages. */
  clear: () => void;
  /** Whether a new code can be sent (a countdown and a resend link are shown). */
  canResend: boolean;
  /** Countdown start (seconds) and a counter that restarts it at every send. */
  seconds: number;
  round: number;
  /** A code has been sent in this step (the login's OTP tab starts without one). */
  sent: boolean;
  /** A code was sent (or a flow resumed): count down from its seconds, empty code, no messages, focus. */
  start: (answer: CodeSent) => void;
  resend: () => Promise<void>;
  submit: (event?: FormEvent) => Promise<void>;
  sending: boolean;
  checking: boolean;
  captcha: CaptchaOnDemand;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Shows a failed call as the step's messages. */
  show: (error: unknown) => void;
  /** No code, no messages, nothing sent. */
  reset: () => void;
}

/**
 * The one code step of every code flow (docs/architecture.md, "Web page kit"): 6 digits, the
 * server's countdown shown as mm:ss and a resend link at zero (a captcha when the server asks),
 * 'code sent' after a resend, Enter checks, the field has the focus at each new code, the empty
 * code refused with the flow's own message (contracts/src/auth.ts otpCode), a refused code shown
 * at the field and anything else in the step's alert. CodeStep.tsx draws it.
 */
export function useCodeStep<R>(opts: CodeStepOptions<R>): CodeStep {
  const { t } = useTranslation();
  const tr = looseT(t);
  const own = useCaptchaOnDemand();
  const captcha = opts.captcha ?? own;
  const codeField = opts.codeField ?? 'otp';
  const fields = [codeField, ...(opts.fields ?? [])];
  const [otp, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const sending = useMutation({ mutationFn: opts.resend ?? (async () => false as const) });
  const checking = useMutation({ mutationFn: opts.check, onSuccess: (answer) => opts.onChecked(answer) });

  // The field has the focus when the step opens and after each send.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round changes at each send
  useEffect(() => {
    inputRef.current?.focus();
  }, [round, sent]);

  const clear = () => {
    setErrors({});
    setAlert(null);
  };

  const show = (error: unknown) => {
    const split = splitApiError(error, fields, tr);
    const { [codeField]: code, ...others } = split.fields;
    setErrors(code ? { ...others, otp: code } : others);
    setAlert(split.alert);
    if (code) inputRef.current?.focus();
  };

  // Any call may be where the server asks for a captcha, and an answer is single-use.
  const failed = (error: unknown, during: 'check' | 'resend') => {
    const said = captcha.settle(error);
    if (opts.onError?.(error, during) || said) return;
    show(error);
  };

  const start = (answer: CodeSent) => {
    clear();
    setSeconds(sentSeconds(answer));
    setRound((r) => r + 1);
    setSent(true);
    setCode('');
  };

  const resend = async () => {
    clear();
    if (sending.isPending || !captcha.ready()) return;
    try {
      const answer = await sending.mutateAsync(captcha.answer);
      captcha.settle();
      if (answer === false) return;
      start(answer);
      if (opts.notifyResend !== false) notifyDone(t('code_has_been_sent'));
    } catch (error) {
      failed(error, 'resend');
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (checking.isPending) return;
    clear();
    const parsed = otpCode(opts.emptyKey).safeParse(otp);
    if (!parsed.success) {
      setErrors({ otp: tr(parsed.error.issues[0]?.message ?? opts.emptyKey) });
      inputRef.current?.focus();
      return;
    }
    try {
      await checking.mutateAsync(otpForSubmit(otp));
    } catch (error) {
      failed(error, 'check');
    }
  };

  return {
    otp,
    setOtp: (value) => {
      setCode(value);
      setErrors(({ otp: _drop, ...rest }) => rest);
    },
    errors,
    alert,
    setAlert,
    clear,
    canResend: !!opts.resend,
    seconds,
    round,
    sent,
    start,
    resend,
    submit,
    sending: sending.isPending,
    checking: checking.isPending,
    captcha,
    inputRef,
    show,
    reset: () => {
      setCode('');
      clear();
      setSent(false);
    },
  };
}
