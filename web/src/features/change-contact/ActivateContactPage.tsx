import { Alert, Button, Center, Group, Loader, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { OTP_LENGTH, otpForSubmit } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../api/client';
import { Countdown } from '../../components/Countdown';
import { Icon } from '../../components/Icon';
import { OtpInput } from '../../components/OtpInput';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { CONTACT_INFO_KEY, getContactInfo } from '../contacts/api';
import { CONTACT_KINDS, type ContactKind } from '../contacts/kinds';
import { activate, sendActivationCode } from './api';
import { ContactCard, ContactSuccess } from './ChangeContactPage';
import { activationTarget, otpError } from './logic';

/** Keys of a refused first send that mean there is nothing to activate. */
const ALREADY = new Set(['contact_already_confirmed']);

/**
 * /account/active-email and /account/active-phone (spec sign-in §2 "Activate phone page" /
 * "Activate e-mail page", §4, §5): the address (?newemail= / ?newphone=, else the account's
 * primary one), a code sent automatically on load, step 1 the code (otp_is_required) with
 * countdown and resend and an Update button, step 2 the success message and a go-home button.
 */
export function ActivateContactPage({ kind }: { kind: ContactKind }) {
  const config = CONTACT_KINDS[kind];
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  usePageTitle(config.keys.activeTitle);

  const query = search.get(config.field);
  const info = useQuery({ queryKey: CONTACT_INFO_KEY, queryFn: getContactInfo, enabled: !query?.trim() });
  const target = activationTarget(kind, query, info.data);
  const resolving = !query?.trim() && info.isPending;

  const [step, setStep] = useState<1 | 2>(1);
  const [otp, setOtp] = useState('');
  const [times, setTimes] = useState(0);
  const [sends, setSends] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [already, setAlready] = useState(false);
  const [busy, setBusy] = useState<'send' | 'update' | null>(null);
  const sentFor = useRef<string | null>(null);
  const otpRef = useRef<HTMLInputElement>(null);

  const send = useCallback(
    async (address: string, first: boolean) => {
      setBusy('send');
      setAlert(null);
      try {
        const answer = await sendActivationCode(kind, address);
        setTimes(answer.times);
        setSends((s) => s + 1);
        if (!first) notifications.show({ color: 'teal', message: t('code_has_been_sent') });
      } catch (err) {
        if (first && err instanceof ApiError && ALREADY.has(Object.values(err.errors).flat()[0] ?? err.messageKey)) {
          setAlready(true);
        } else {
          setAlert(errorText(err, t));
        }
      } finally {
        setBusy(null);
      }
    },
    [kind, t],
  );

  // The code goes out once, as soon as the address is known.
  useEffect(() => {
    if (!target || sentFor.current === target) return;
    sentFor.current = target;
    void send(target, true);
  }, [target, send]);

  const update = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    setAlert(null);
    const invalid = otpError(otp);
    if (invalid) {
      setError(tr(invalid));
      otpRef.current?.focus();
      return;
    }
    setError(null);
    setBusy('update');
    try {
      await activate(kind, target, otpForSubmit(otp));
      setStep(2);
      await queryClient.invalidateQueries({ queryKey: ['contacts'] });
    } catch (err) {
      setError(errorText(err, t));
      otpRef.current?.focus();
    } finally {
      setBusy(null);
    }
  };

  const goHome = (
    <Button component={Link} to={to('/')} size="md">
      {t('common_go_home')}
    </Button>
  );

  let body: ReactNode;
  if (resolving) {
    body = (
      <Center py="xl" role="status" aria-label={t('app_loading')}>
        <Loader type="dots" />
      </Center>
    );
  } else if (info.isError && !target) {
    body = (
      <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
        {errorText(info.error, t)}
      </Alert>
    );
  } else if (!target) {
    body = (
      <Stack gap="md">
        <Alert color="gray" variant="light" icon={<Icon name="info" />}>
          {tr(config.keys.activeNone)}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={to(config.path)} variant="light" size="md">
            {tr(config.keys.title)}
          </Button>
          {goHome}
        </Group>
      </Stack>
    );
  } else if (already) {
    body = (
      <ContactSuccess message={tr(config.keys.activeAlready)} detail={target}>
        {goHome}
      </ContactSuccess>
    );
  } else if (step === 2) {
    body = (
      <ContactSuccess message={tr(config.keys.activeSuccess)} detail={target}>
        {goHome}
      </ContactSuccess>
    );
  } else {
    body = (
      <form onSubmit={(e) => void update(e)} noValidate>
        <Stack gap="md">
          <TextInput
            name={config.field}
            label={tr(config.keys.activeLabel)}
            value={target}
            readOnly
            size="md"
            variant="filled"
          />
          <OtpInput
            ref={otpRef}
            value={otp}
            onChange={setOtp}
            error={error ?? undefined}
            maxLength={OTP_LENGTH}
            data-autofocus
          />
          <Countdown
            seconds={times}
            restartKey={sends}
            onResend={() => void send(target, false)}
            busy={busy === 'send'}
          />
          {alert && (
            <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
              {alert}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={busy === 'update'} miw={140}>
              {t('common_update')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <ContactCard
      title={tr(config.keys.activeTitle)}
      intro={step === 1 && target && !already ? tr(config.keys.activeIntro) : undefined}
      step={target && !already ? { current: step, total: 2 } : undefined}
    >
      {body}
    </ContactCard>
  );
}

export function ActivateEmailPage() {
  return <ActivateContactPage kind="email" />;
}

export function ActivatePhonePage() {
  return <ActivateContactPage kind="phone" />;
}
