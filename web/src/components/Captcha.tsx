import { Box, Checkbox, Group, Loader, Paper, Text } from '@mantine/core';
import { AUTH_PATHS } from '@portico/contracts';
import { solveChallenge } from 'altcha-lib';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/setup';
import { altchaPayload, isAltchaChallenge } from './captchaPayload';
import { Icon } from './Icon';

export type CaptchaProvider = 'altcha' | 'recaptcha' | 'none';

export interface CaptchaProps {
  provider: CaptchaProvider;
  /** reCAPTCHA site key (app settings configs.recaptchaSiteKey). */
  siteKey?: string;
  /** The answer to send as `captcha` (ALTCHA payload or reCAPTCHA token), or null when cleared. */
  onChange: (value: string | null) => void;
  /** Shown under the widget (e.g. captcha_error_empty). */
  error?: string | null;
}

/**
 * The captcha of sign-in and registration forms. ALTCHA (default): an "I'm not a robot"
 * checkbox that fetches a challenge and solves the proof of work in the browser. reCAPTCHA:
 * Google's widget, its script loaded only when configured. 'none': nothing.
 * An answer is single-use: remount (change `key`) after each failed submit for a fresh one.
 */
export function Captcha({ provider, siteKey, onChange, error }: CaptchaProps) {
  if (provider === 'none') return null;
  if (provider === 'recaptcha') return <Recaptcha siteKey={siteKey ?? ''} onChange={onChange} error={error} />;
  return <AltchaCheckbox onChange={onChange} error={error} />;
}

/** The ALTCHA challenge: served raw (the ALTCHA convention) or in the API's { result } envelope. */
const fetchChallenge = async (): Promise<unknown> => {
  const response = await fetch(AUTH_PATHS.captchaChallenge, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`challenge ${response.status}`);
  const body = (await response.json()) as { result?: unknown } | null;
  return body && typeof body === 'object' && 'result' in body ? body.result : body;
};

type AltchaState = 'idle' | 'solving' | 'verified' | 'failed';

function AltchaCheckbox({ onChange, error }: Omit<CaptchaProps, 'provider' | 'siteKey'>) {
  const { t } = useTranslation();
  const [state, setState] = useState<AltchaState>('idle');
  const [payload, setPayload] = useState('');
  const abort = useRef<AbortController | null>(null);
  const errorId = useId();

  useEffect(() => () => abort.current?.abort(), []);

  const verify = async () => {
    setState('solving');
    try {
      const challenge = await fetchChallenge();
      if (!isAltchaChallenge(challenge)) throw new Error('bad challenge');
      const { controller, promise } = solveChallenge(
        challenge.challenge,
        challenge.salt,
        challenge.algorithm,
        challenge.maxnumber ?? 1_000_000,
      );
      abort.current = controller;
      const solution = await promise;
      if (!solution) throw new Error('unsolved');
      const answer = altchaPayload(challenge, solution.number);
      setPayload(answer);
      setState('verified');
      onChange(answer);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setState('failed');
      onChange(null);
    }
  };

  const shownError = state === 'failed' ? t('captcha_failed') : error;

  return (
    <Box>
      <input type="hidden" name="captcha" value={payload} />
      <Paper withBorder radius="md" px="md" py="sm" bg={state === 'verified' ? 'teal.0' : 'gray.0'}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {state === 'solving' ? (
              <Loader size={20} aria-hidden="true" />
            ) : (
              <Checkbox
                size="md"
                name="captcha_check"
                checked={state === 'verified'}
                disabled={state === 'verified'}
                onChange={(event) => {
                  if (event.currentTarget.checked) void verify();
                }}
                label={t('captcha_not_robot')}
                aria-describedby={shownError ? errorId : undefined}
                aria-invalid={Boolean(shownError)}
              />
            )}
            {state === 'solving' && (
              <Text fz="sm" role="status">
                {t('captcha_verifying')}
              </Text>
            )}
          </Group>
          {/* gray.7 and teal.9: dimmed on gray.0 (3.15:1) and teal.7 on teal.0 (2.9:1) are below WCAG AA contrast (axe in e2e/token-login.e2e.ts). */}
          <Group gap={4} c={state === 'verified' ? 'teal.9' : 'gray.7'} wrap="nowrap">
            <Icon name="shield" size={18} />
            <Text fz="xs" fw={600}>
              {state === 'verified' ? t('captcha_verified') : 'ALTCHA'}
            </Text>
          </Group>
        </Group>
      </Paper>
      {shownError && (
        <Text id={errorId} c="red.7" fz="sm" mt={4} role="alert">
          {shownError}
        </Text>
      )}
    </Box>
  );
}

// ---- reCAPTCHA (v2 checkbox) -----------------------------------------------------------------

interface Grecaptcha {
  ready: (cb: () => void) => void;
  render: (
    el: HTMLElement,
    opts: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; hl?: string },
  ) => number;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let recaptchaScript: Promise<Grecaptcha> | null = null;

/** Loads Google's script once, only when reCAPTCHA is the configured provider. */
const loadRecaptcha = (): Promise<Grecaptcha> => {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${currentLocale().slice(0, 2)}`;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('grecaptcha missing'));
    };
    script.onerror = () => {
      recaptchaScript = null;
      reject(new Error('recaptcha script failed'));
    };
    document.head.appendChild(script);
  });
  return recaptchaScript;
};

function Recaptcha({ siteKey, onChange, error }: { siteKey: string } & Omit<CaptchaProps, 'provider' | 'siteKey'>) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha()
      .then((g) => {
        if (cancelled || !box.current) return;
        g.render(box.current, {
          sitekey: siteKey,
          hl: currentLocale().slice(0, 2),
          callback: (token) => latest.current(token),
          'expired-callback': () => latest.current(null),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  return (
    <Box>
      <div ref={box} />
      {(failed || error) && (
        <Text c="red.7" fz="sm" mt={4} role="alert">
          {failed ? t('captcha_failed') : error}
        </Text>
      )}
    </Box>
  );
}
