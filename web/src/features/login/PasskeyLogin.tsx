import { Button } from '@mantine/core';
import type { LoginAnswer } from '@portico/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { Icon } from '../../components/Icon';
import {
  passkeyAutofillSupported,
  passkeyCancelled,
  passkeysSupported,
  stopPasskeyCeremony,
} from '../../lib/passkeyCeremony';
import { signInWithPasskey } from './passkeyApi';

/**
 * Login step 1's passkey (issue 32 point 1): where the browser offers passkeys among the username
 * field's suggestions (conditional UI), a ceremony waits for one from the start; the button opens
 * the browser's own dialog for the rest. Either answer goes to the form's one completion
 * (`onAnswer`); a cancelled dialog says nothing, a refused passkey says why (`onMessage`).
 */
export function PasskeyLogin({
  returnUrl,
  campaignId,
  onAnswer,
  onMessage,
  onGone,
}: {
  returnUrl: string;
  campaignId?: string | null;
  onAnswer: (answer: LoginAnswer) => string | null;
  onMessage: (message: string | null) => void;
  /** The sign-in expired (the form shows how to start again); true when that was the error. */
  onGone: (err: unknown) => boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const supported = passkeysSupported();
  const settle = (err: unknown) => {
    if (passkeyCancelled(err) || onGone(err)) return;
    onMessage(errorText(err, t));
  };
  const done = (answer: LoginAnswer) => onMessage(onAnswer(answer));

  // Autofill: one waiting ceremony for the page's life, stopped when it goes.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once, for this sign-in
  useEffect(() => {
    if (!supported || started.current) return;
    started.current = true;
    let live = true;
    void passkeyAutofillSupported().then(async (autofill) => {
      if (!autofill || !live) return;
      try {
        done(await signInWithPasskey(returnUrl, campaignId, true));
      } catch (err) {
        if (live) settle(err);
      }
    });
    return () => {
      live = false;
      stopPasskeyCeremony();
    };
  }, []);

  if (!supported) return null;
  return (
    <Button
      variant="default"
      size="md"
      fullWidth
      loading={busy}
      leftSection={<Icon name="passkey" size={18} />}
      onClick={async () => {
        setBusy(true);
        onMessage(null);
        try {
          done(await signInWithPasskey(returnUrl, campaignId));
        } catch (err) {
          settle(err);
        } finally {
          setBusy(false);
        }
      }}
      data-testid="login-passkey"
    >
      {t('login_passkey')}
    </Button>
  );
}
