import { CAPTCHA_ERRORS } from '@portico/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useAppSettings } from '../settings/useAppSettings';

// The widget (ALTCHA or reCAPTCHA) loads only when a captcha is shown: not on a form's first load.
const Captcha = lazy(() => import('./Captcha').then((m) => ({ default: m.Captcha })));

/** Whether a failed call asks for a captcha answer (captcha_error_empty, captcha_invalid). */
export const asksForCaptcha = (error: unknown): boolean =>
  error instanceof ApiError && (CAPTCHA_ERRORS as readonly string[]).includes(error.messageKey);

export type CaptchaOnDemand = {
  /** The answer to send with the next call, if the widget is shown and solved. */
  answer: string | undefined;
  /** Before a call: false (the widget says why) while it is shown and not solved. */
  ready(): boolean;
  /**
   * After a call: an answer is single-use, so the widget starts over. True when the server asked
   * for one and the widget says so (never when quiet: the page shows the server's message).
   */
  settle(error?: unknown): boolean;
  /** Shows the widget before the server asks (the login check said isErrorMulti). */
  require(): void;
  /** The widget, once the server has asked for it; null before. */
  field: ReactNode;
};

/**
 * A captcha that appears only when the server asks for it, as code sends do past
 * OTP_SENDS_PER_IP from one address (server/src/modules/verification/service.ts), or from the
 * start with `always` (register step 1 always asks for one). `quiet`: the page shows the server's
 * message itself (the login's alert), the widget only says when it is not solved.
 */
export function useCaptchaOnDemand({
  always = false,
  quiet = false,
}: {
  always?: boolean;
  quiet?: boolean;
} = {}): CaptchaOnDemand {
  const { t } = useTranslation();
  const { settings } = useAppSettings();
  const provider = settings.configs.captchaProvider;
  const [asked, setAsked] = useState(always);
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const shown = asked && provider !== 'none';
  const restart = () => {
    setAnswer(null);
    setRound((r) => r + 1);
  };
  return {
    answer: shown ? (answer ?? undefined) : undefined,
    ready() {
      if (!shown || answer) return true;
      setError(t('captcha_error_empty'));
      return false;
    },
    require() {
      setAsked(true);
    },
    settle(err) {
      const asks = asksForCaptcha(err);
      if (asks) setAsked(true);
      if (asks && !quiet) {
        setError(
          t(
            err instanceof ApiError && err.messageKey === 'captcha_invalid' ? 'captcha_invalid' : 'captcha_error_empty',
          ),
        );
      }
      if (answer || asks) restart();
      return asks && !quiet;
    },
    field: shown ? (
      <Suspense fallback={null}>
        <Captcha
          key={round}
          provider={provider}
          siteKey={settings.configs.recaptchaSiteKey}
          error={error}
          onChange={(value) => {
            setAnswer(value);
            if (value) setError(null);
          }}
        />
      </Suspense>
    ) : null,
  };
}
