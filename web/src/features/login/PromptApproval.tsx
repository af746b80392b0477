import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { LoginAnswer, VerifyPromptAnswer } from '@portico/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { formatCountdown } from '../../components/countdownFormat';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { useHub } from '../../hooks/useHub';
import { useSecondsLeft } from '../../hooks/useSecondsLeft';
import { promptLogin, requestVerifyPrompt } from './approvalApi';
import classes from './qrLogin.module.css';

type Phase = 'idle' | 'sending' | 'waiting' | 'signing' | 'denied' | 'wrong';

/**
 * A sign-in approved on a signed-in device (spec sign-in §2 step 3 "for the prompt method a note
 * and a resend button", §4 "Choosing the prompt method requests a verify prompt and connects to
 * the real-time hub with the returned key", §7): the request goes to the account's devices, this
 * page shows the number to pick there, and the hub says when it was answered. Used at step 2 (a
 * way to sign in) and at step 3 (the `prompt` second step); the server knows which.
 */
export function PromptApproval({
  username,
  returnUrl,
  onAnswer,
  onGone,
  autoStart = true,
  rememberMachine = true,
}: {
  /** The name typed at step 1; unknown at step 3 after a reload. */
  username?: string;
  returnUrl: string;
  onAnswer: (answer: LoginAnswer) => string | null;
  /** The sign-in (or its owed step) is gone: the page offers a new one. */
  onGone: (error: unknown) => boolean;
  /** Send the request at once (step 3: choosing the method asks, spec §4); else on a press. */
  autoStart?: boolean;
  /** Step 3's "remember this device". */
  rememberMachine?: boolean;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [asked, setAsked] = useState<(VerifyPromptAnswer & { deadline: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const left = useSecondsLeft(asked?.deadline ?? null);
  const expired = phase === 'waiting' && asked !== null && left <= 0;

  const fail = (err: unknown) => {
    if (!onGone(err)) setError(errorText(err, t));
  };
  const send = () => {
    setPhase('sending');
    setError(null);
    requestVerifyPrompt(username, returnUrl).then(
      (answer) => {
        setAsked({ ...answer, deadline: Date.now() + answer.expirySecond * 1000 });
        setPhase('waiting');
      },
      (err: unknown) => {
        setPhase('idle');
        fail(err);
      },
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the method is chosen
  useEffect(() => {
    if (autoStart) send();
  }, []);

  useHub(phase === 'waiting' && !expired ? asked?.message : null, (event) => {
    if (event.type === 'promptLogin') {
      setPhase('signing');
      promptLogin(username, returnUrl, rememberMachine).then(
        (answer) => {
          const message = onAnswer(answer);
          if (message) {
            setError(message);
            setPhase('idle');
          }
        },
        (err: unknown) => {
          setPhase('idle');
          fail(err);
        },
      );
    } else if (event.type === 'promptDenied') setPhase(event.reason === 'wrong' ? 'wrong' : 'denied');
    else if (event.type === 'expired' && asked) setAsked({ ...asked, deadline: Date.now() });
  });

  const sendButton = (key: 'login_prompt_send' | 'login_prompt_resend') => (
    <Button
      size="md"
      fullWidth
      variant={key === 'login_prompt_send' ? 'filled' : 'light'}
      leftSection={<Icon name="phone" size={18} />}
      loading={phase === 'sending'}
      onClick={send}
    >
      {t(key)}
    </Button>
  );

  return (
    <Stack gap="md" data-testid="prompt-approval">
      {phase === 'idle' && !asked && (
        <>
          <Text fz="sm">{t('two_factor_method_prompt')}</Text>
          <FormAlert message={error} />
          {sendButton('login_prompt_send')}
        </>
      )}
      {asked && (phase === 'waiting' || phase === 'signing') && !expired && (
        <>
          <Text fz="sm">{t('login_prompt_note')}</Text>
          <Group justify="center">
            <div className={classes.number} data-testid="prompt-number" aria-live="polite">
              {asked.number}
            </div>
          </Group>
          <Text fz="sm" c="dimmed" ta="center" role="status">
            {phase === 'signing' ? t('qr_signing_in') : t('prompt_waiting')}
          </Text>
          {phase === 'waiting' && (
            <Group gap={6} justify="center" fz="sm">
              <Text fz="sm" c="dimmed" role="timer" aria-live="off">
                {t('approval_expires_in', { time: formatCountdown(left) })}
              </Text>
              <Anchor component="button" type="button" fz="sm" fw={600} onClick={send}>
                {t('login_prompt_resend')}
              </Anchor>
            </Group>
          )}
        </>
      )}
      {(phase === 'denied' || phase === 'wrong') && (
        <Alert color="red" variant="light" icon={<Icon name="info" />} role="alert">
          {t(phase === 'wrong' ? 'prompt_wrong_number' : 'prompt_denied')}
        </Alert>
      )}
      {expired && (
        <Alert color="yellow" variant="light" icon={<Icon name="info" />} role="alert">
          {t('login_prompt_expired')}
        </Alert>
      )}
      {asked && (phase === 'denied' || phase === 'wrong' || expired || phase === 'idle') && (
        <>
          <FormAlert message={error} />
          {sendButton('login_prompt_resend')}
        </>
      )}
    </Stack>
  );
}
