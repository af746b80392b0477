import { Alert, Button, Center, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { type LoginAnswer, QR_CODE_WIDTH, type QrCode } from '@portico/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { formatCountdown } from '../../components/countdownFormat';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { useHub } from '../../hooks/useHub';
import { useSecondsLeft } from '../../hooks/useSecondsLeft';
import { getQrCode, loginByQrCode } from './approvalApi';
import { isSessionExpired } from './logic';
import classes from './qrLogin.module.css';

/** A code on screen and when it stops working (spec §4: 60 × time seconds from when it came). */
export type ActiveQr = { qr: QrCode; deadline: number };

type Phase = 'shown' | 'scanned' | 'signing' | 'denied';

/**
 * Login step 4, QR mode (spec sign-in §2 step 4, §4 "QR mode", §9): entering the mode makes a code
 * when none is active; the countdown ticks every second from 60 × time; at zero the expired
 * message and Regenerate; the hub says when the phone scanned it and when it approved it, and the
 * page then signs in with the code (only this browser can: its cookie holds the code's secret).
 */
export function QrLogin({
  returnUrl,
  active,
  onActive,
  onAnswer,
  onGone,
}: {
  returnUrl: string;
  active: ActiveQr | null;
  onActive: (active: ActiveQr | null) => void;
  /** The one completion of the login form (LoginForm `finish`): a message when it did not leave. */
  onAnswer: (answer: LoginAnswer) => string | null;
  /** The sign-in itself is gone: the page offers a new one. */
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('shown');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = useSecondsLeft(active?.deadline ?? null);
  const expired = active !== null && left <= 0 && phase !== 'signing';

  const failed = (err: unknown) => {
    if (isSessionExpired(err)) onGone();
    else setError(errorText(err, t));
  };
  const generate = () => {
    setBusy(true);
    setError(null);
    getQrCode(returnUrl).then(
      (qr) => {
        setBusy(false);
        setPhase('shown');
        onActive({ qr, deadline: Date.now() + 60 * qr.time * 1000 });
      },
      (err: unknown) => {
        setBusy(false);
        failed(err);
      },
    );
  };
  // Entering the mode makes a code when none is active (spec §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on entering the mode
  useEffect(() => {
    if (!active || active.deadline <= Date.now()) generate();
  }, []);

  const listening = active && !expired && (phase === 'shown' || phase === 'scanned') ? active.qr.code : null;
  useHub(listening, (event) => {
    if (!active) return;
    if (event.type === 'qrScanned') setPhase('scanned');
    else if (event.type === 'qrLogin') {
      setPhase('signing');
      loginByQrCode(active.qr.code, returnUrl).then(
        (answer) => {
          const message = onAnswer(answer);
          if (message) {
            setError(message);
            onActive(null);
          }
        },
        (err: unknown) => {
          onActive(null);
          failed(err);
        },
      );
    } else if (event.type === 'expired') {
      if (event.reason === 'denied') setPhase('denied');
      else onActive({ ...active, deadline: Date.now() });
    }
  });

  const regenerate = (
    <Button variant="light" leftSection={<Icon name="qr" size={18} />} loading={busy} onClick={generate}>
      {t('qr_regenerate')}
    </Button>
  );
  const over = expired || phase === 'denied' || (!active && !busy);

  return (
    <Stack gap="md" align="center" data-testid="qr-login">
      <Stack gap={4} w="100%">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {t('qr_title')}
        </Title>
        <Text c="gray.7" fz="sm">
          {t('qr_hint')}
        </Text>
      </Stack>

      <div className={classes.frame} data-over={over || undefined}>
        {active ? (
          <Image src={active.qr.image} alt={t('qr_image_alt')} w={QR_CODE_WIDTH} h={QR_CODE_WIDTH} />
        ) : (
          <Center w={QR_CODE_WIDTH} h={QR_CODE_WIDTH} role="status" aria-label={t('app_loading')}>
            <Loader type="dots" />
          </Center>
        )}
        {(phase === 'scanned' || phase === 'signing') && !expired && (
          <div className={classes.veil}>
            <Icon name="check" size={40} />
            <Text fw={600} ta="center" role="status">
              {t(phase === 'signing' ? 'qr_signing_in' : 'qr_scanned')}
            </Text>
          </div>
        )}
      </div>

      {active && !over && phase !== 'signing' && (
        <Text fz="sm" c="dimmed" role="timer" aria-live="off" data-testid="qr-countdown">
          {t('qr_expires_in', { time: formatCountdown(left) })}
        </Text>
      )}
      {phase === 'denied' && (
        <Alert color="red" variant="light" icon={<Icon name="info" />} w="100%" role="alert">
          {t('qr_denied')}
        </Alert>
      )}
      {expired && phase !== 'denied' && (
        <Alert color="yellow" variant="light" icon={<Icon name="info" />} w="100%" role="alert">
          {t('qr_expired')}
        </Alert>
      )}
      <FormAlert message={error} />
      {over && regenerate}
    </Stack>
  );
}
