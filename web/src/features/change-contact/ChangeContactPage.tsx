import { Alert, Box, Button, Group, Paper, Progress, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { otpForSubmit } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Countdown } from '../../components/Countdown';
import { Icon } from '../../components/Icon';
import { OtpInput } from '../../components/OtpInput';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { splitApiError } from '../../lib/formErrors';
import { CONTACT_INFO_KEY, getContactInfo } from '../contacts/api';
import { CONTACT_KINDS, type ContactKind } from '../contacts/kinds';
import { changeContact } from './api';
import { type ChangeStep, changeOutcome, otpError, stepForErrors } from './logic';

/** The frame of the change and activate pages: title, intro, optional step meter. */
export function ContactCard({
  title,
  intro,
  step,
  children,
}: {
  title: string;
  intro?: ReactNode;
  step?: { current: number; total: number };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box maw={560} mx="auto" w="100%">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="white">
        <Stack gap="lg">
          <Stack gap={6}>
            {step && (
              <Stack gap={6} mb={4}>
                <Text fz="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
                  {t('step_of', { step: step.current, total: step.total })}
                </Text>
                <Progress value={(step.current / step.total) * 100} size={6} radius="xl" aria-hidden="true" />
              </Stack>
            )}
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" fz="sm">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}

/** The success block of the change and activate pages: a tick, the message, the buttons. */
export function ContactSuccess({
  message,
  detail,
  children,
}: {
  message: string;
  detail?: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" gap="md" py="md" ta="center">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light">
        <Icon name="check" size={32} />
      </ThemeIcon>
      <Stack gap={4}>
        <Text fw={700} fz="lg" role="status">
          {message}
        </Text>
        {detail && (
          <Text c="dimmed" fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        )}
      </Stack>
      <Group justify="center" gap="sm" mt="xs">
        {children}
      </Group>
    </Stack>
  );
}

/**
 * /account/change-email and /account/change-phone (spec sign-in §2 "Change e-mail and change
 * phone pages", §4, §5): step 1 the new address (posted with an empty otp: the server sends a
 * code and answers the countdown); step 2 the 6-digit code with countdown and resend; step 3
 * success with a go-home button. Change phone also shows the current phone at the top and, in
 * step 3, a button to the phone list: the spec's activate-phone button would only say "already
 * activated", since the code of step 2 verified the new number (issue 8, point 24).
 */
export function ChangeContactPage({ kind }: { kind: ContactKind }) {
  const config = CONTACT_KINDS[kind];
  const field = config.field;
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const queryClient = useQueryClient();
  usePageTitle(config.keys.changeTitle);

  const info = useQuery({ queryKey: CONTACT_INFO_KEY, queryFn: getContactInfo, enabled: kind === 'phone' });

  const [step, setStep] = useState<ChangeStep>(1);
  const [value, setValue] = useState('');
  const [otp, setOtp] = useState('');
  const [times, setTimes] = useState(0);
  const [sends, setSends] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'resend' | 'confirm' | null>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 2) otpRef.current?.focus();
  }, [step]);

  const fail = (err: unknown) => {
    const split = splitApiError(err, [field, 'otp'], tr);
    setErrors(split.fields);
    setAlert(split.alert);
    const next = stepForErrors(split.fields, field, step);
    setStep(next);
    if (next === 1) setTimeout(() => addressRef.current?.focus(), 0);
  };

  /** Posts the address with an empty otp: a code goes to it. */
  const sendCode = async (kindOfSend: 'send' | 'resend') => {
    setErrors({});
    setAlert(null);
    setBusy(kindOfSend);
    try {
      const outcome = changeOutcome(await changeContact(kind, value.trim(), ''));
      if (outcome.kind === 'code') {
        setTimes(outcome.times);
        setSends((s) => s + 1);
        setOtp('');
        setStep(2);
        if (kindOfSend === 'resend') notifications.show({ color: 'teal', message: t('code_has_been_sent') });
      }
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const submitAddress = (event: FormEvent) => {
    event.preventDefault();
    const invalid = config.validate(value);
    if (invalid) {
      setAlert(null);
      setErrors({ [field]: tr(invalid) });
      addressRef.current?.focus();
      return;
    }
    void sendCode('send');
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const invalid = otpError(otp);
    if (invalid) {
      setErrors({ otp: tr(invalid) });
      otpRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy('confirm');
    try {
      const outcome = changeOutcome(await changeContact(kind, value.trim(), otpForSubmit(otp)));
      if (outcome.kind === 'done') {
        setStep(3);
        notifications.show({ color: 'teal', message: tr(config.keys.changed) });
        await queryClient.invalidateQueries({ queryKey: ['contacts'] });
      }
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const alertBox = alert && (
    <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
      {alert}
    </Alert>
  );

  const currentPhone = kind === 'phone' && (
    <Paper radius="md" p="md" bg="gray.0" withBorder>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light">
          <Icon name="phone" size={18} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed" fw={600} id="current-phone-label">
            {t('change_current_phone')}
          </Text>
          <Text fw={600} aria-labelledby="current-phone-label" data-testid="current-phone">
            {info.isPending ? '…' : info.data?.phoneNumber || t('change_no_current_phone')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );

  let body: ReactNode;
  if (step === 1) {
    body = (
      <form onSubmit={submitAddress} noValidate>
        <Stack gap="md">
          <TextInput
            ref={addressRef}
            name={field}
            label={tr(config.keys.newLabel)}
            type={config.input.type}
            inputMode={config.input.inputMode}
            autoComplete={config.input.autoComplete}
            placeholder={config.input.placeholder ? tr(config.input.placeholder) : '0912345678'}
            size="md"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={errors[field]}
            data-autofocus
          />
          {alertBox}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={busy === 'send'} miw={180}>
              {t('change_send_code')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else if (step === 2) {
    body = (
      <form onSubmit={(e) => void submitCode(e)} noValidate>
        <Stack gap="md">
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('otp_sent_to', { target: value.trim() })}
          </Text>
          <OtpInput ref={otpRef} value={otp} onChange={setOtp} error={errors.otp} />
          <Countdown
            seconds={times}
            restartKey={sends}
            onResend={() => void sendCode('resend')}
            busy={busy === 'resend'}
          />
          {alertBox}
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              size="md"
              type="button"
              onClick={() => {
                setStep(1);
                setErrors({});
                setAlert(null);
              }}
              disabled={busy === 'confirm'}
            >
              {t('common_back')}
            </Button>
            <Button type="submit" size="md" loading={busy === 'confirm'} miw={140}>
              {t('common_confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else {
    body = (
      <ContactSuccess message={tr(config.keys.changed)} detail={tr(config.keys.changedText, { value: value.trim() })}>
        {/* The code just entered verified the new number: there is nothing left to activate
            (the spec's activate button led to "already activated"), so the list is offered. */}
        {kind === 'phone' && (
          <Button component={Link} to={to(config.path)} variant="light" size="md">
            {t('change_view_phones')}
          </Button>
        )}
        <Button component={Link} to={to('/')} size="md">
          {t('common_go_home')}
        </Button>
      </ContactSuccess>
    );
  }

  return (
    <ContactCard
      title={tr(config.keys.changeTitle)}
      intro={step === 1 ? tr(config.keys.changeIntro) : undefined}
      step={{ current: step, total: 3 }}
    >
      {currentPhone}
      {body}
    </ContactCard>
  );
}

export function ChangeEmailPage() {
  return <ChangeContactPage kind="email" />;
}

export function ChangePhonePage() {
  return <ChangeContactPage kind="phone" />;
}
