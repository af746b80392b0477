import { Button, Stack } from '@mantine/core';
import type { SocialProvider } from '@portico/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';
import { facebookLogin, loadScript, renderGoogleButton } from '../lib/socialSdk';
import { useAppSettings } from '../settings/useAppSettings';
import classes from './SocialButtons.module.css';

/** What a press of a provider's button hands over (the server checks it: server/src/modules/federation). */
export type SocialProof =
  | { provider: 'google'; credential: string }
  | { provider: 'facebook'; accessToken: string; userId: string };

export interface SocialButtonsProps {
  /** Google or Facebook handed over their proof. */
  onProof: (proof: SocialProof) => void;
  /** Zalo's button: the page starts the redirect to Zalo. */
  onZalo: () => void;
  /** A provider's sign-in is under way (the buttons wait). */
  busy?: SocialProvider | null;
  /** The person closed a provider's dialog, or its script did not load. */
  onCancel?: (provider: SocialProvider) => void;
  /** Only these providers (the social box shows the ones not linked yet). */
  only?: readonly SocialProvider[];
  /** A divider with "or" above the buttons (the login page). */
  divider?: boolean;
}

export const FacebookMark = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="12" fill="#0866FF" />
    <path
      fill="#fff"
      d="M13.4 24v-8.4h2.8l.4-3.3h-3.2v-2.1c0-.9.3-1.6 1.6-1.6h1.7V5.7a23 23 0 0 0-2.5-.1c-2.5 0-4.2 1.5-4.2 4.3v2.4H7.2v3.3H10V24z"
    />
  </svg>
);

export const ZaloMark = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <rect width="24" height="24" rx="6" fill="#0068FF" />
    <path fill="#fff" d="M6 8h6.5v1.4L8.3 14.6h4.2V16H5.8v-1.4L10 9.4H6z" />
    <path fill="#fff" d="M14 10h1.3v6H14zm3 0h1.3v6H17z" opacity=".9" />
  </svg>
);

/**
 * The external sign-in buttons of the configured providers (spec sign-in §2 step 1: Google only
 * when configured): Google's own button drawn by its script, Facebook's and Zalo's ours.
 */
export function SocialButtons({ onProof, onZalo, busy = null, onCancel, only, divider }: SocialButtonsProps) {
  const { t } = useTranslation();
  const { configs } = useAppSettings().settings;
  const shown = configs.socialProviders.filter((p) => !only || only.includes(p));
  const [googleFailed, setGoogleFailed] = useState(false);
  const wantsGoogle = shown.includes('google') && !googleFailed;
  // Facebook's dialog must open within the press (pop-up blockers): its SDK loads as the pointer
  // or the focus reaches the button, not with the page (the first page stays light).
  const preloadFacebook = () => void loadScript(configs.facebookSdkUrl).catch(() => {});

  if (shown.length === 0) return null;

  const facebook = async () => {
    try {
      const auth = await facebookLogin(configs);
      if (auth) onProof({ provider: 'facebook', ...auth });
      else onCancel?.('facebook');
    } catch {
      onCancel?.('facebook');
    }
  };

  return (
    <Stack gap="sm">
      {divider && <div className={classes.or}>{t('login_or')}</div>}
      {wantsGoogle && (
        <GoogleButton
          text="signin_with"
          busy={busy === 'google'}
          onCredential={(credential) => onProof({ provider: 'google', credential })}
          onFailed={() => setGoogleFailed(true)}
        />
      )}
      {shown.includes('facebook') && (
        <Button
          variant="default"
          size="md"
          radius="xl"
          fullWidth
          leftSection={<FacebookMark />}
          loading={busy === 'facebook'}
          disabled={busy !== null && busy !== 'facebook'}
          onPointerEnter={preloadFacebook}
          onPointerDown={preloadFacebook}
          onFocus={preloadFacebook}
          onClick={() => void facebook()}
        >
          {t('login_with_facebook')}
        </Button>
      )}
      {shown.includes('zalo') && (
        <Button
          variant="default"
          size="md"
          radius="xl"
          fullWidth
          leftSection={<ZaloMark />}
          loading={busy === 'zalo'}
          disabled={busy !== null && busy !== 'zalo'}
          onClick={onZalo}
        >
          {t('login_with_zalo')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Google's own button, drawn by Google Identity Services into a box of ours in the page's
 * language (Google asks that its button be shown as it draws it); a press that ends with an
 * account chosen hands over the ID token.
 */
export function GoogleButton({
  text,
  busy,
  onCredential,
  onFailed,
  width,
}: {
  text: 'signin_with' | 'continue_with';
  busy?: boolean;
  onCredential: (credential: string) => void;
  onFailed?: () => void;
  /** Pixels; the box's width by default (at most 400). */
  width?: number;
}) {
  const { locale } = useLocale();
  const { configs } = useAppSettings().settings;
  const box = useRef<HTMLDivElement>(null);
  // Read at the press: the latest handler, without drawing the button again.
  const handler = useRef(onCredential);
  handler.current = onCredential;
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    const parent = box.current;
    if (!parent) return;
    renderGoogleButton(
      parent,
      configs,
      { locale: locale === 'en-US' ? 'en' : 'vi', text, width: width ?? Math.min(parent.clientWidth || 320, 400) },
      (credential) => handler.current(credential),
    ).catch(() => failed.current?.());
  }, [configs, locale, text, width]);

  return <div ref={box} data-testid="google-button" aria-busy={busy} className={classes.googleButton} />;
}
