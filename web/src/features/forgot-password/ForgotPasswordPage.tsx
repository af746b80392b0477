import { Alert, Button, Center, Group, Loader, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { forgotPasswordUsernameInput, normalizeLoginName, otpForSubmit } from '@portico/contracts';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Countdown } from '../../components/Countdown';
import { Icon } from '../../components/Icon';
import { OtpInput } from '../../components/OtpInput';
import { PasswordStrength } from '../../components/PasswordStrength';
import { useCaptchaOnDemand } from '../../components/useCaptchaOnDemand';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { deleteCookie, FORGOT_PASSWORD_COOKIE, readCookie, writeCookie } from '../../lib/cookies';
import { splitApiError, withoutErrors } from '../../lib/formErrors';
import { resumeFromCookie } from '../../lib/resume';
import { useAuth } from '../auth/OidcSession';
import classes from '../login/login.module.css';
import { checkForgotCode, checkForgotProcess, resendForgotCode, resetPassword, sendForgotCode } from './api';
import { afterReset, interactionReturnUrl } from './logic';

const TOTAL_STEPS = 3;

/**
 * /forgot-password (spec §2 Forgot password page, §4): 1 the account's e-mail or phone; 2 the
 * code (countdown, resend), whose check answers a single-use reset token; 3 the new password.
 * Then sign-in: when the page came from a sign-in (ReturnUrl is a provider interaction) the
 * server finishes it and the page follows redirectUrl; otherwise the portal's own sign-in. The
 * password never goes into a URL. Cancel goes to /. A stored username resumes at step 2.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { to, locale } = useLocale();
  const auth = useAuth();
  usePageTitle('forgot_title');

  const [loading, setLoading] = useState(true);
  const [step, setStep] = useState<1 | 2 | 3>(1);
  // Past many code requests from one address the server asks for a captcha first.
  const captcha = useCaptchaOnDemand();
  const [username, setUsername] = useState(() => search.get('username') ?? '');
  const [times, setTimes] = useState(0);
  const [sends, setSends] = useState(0);
  const [otp, setOtp] = useState('');
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'resend' | 'check' | 'reset' | null>(null);
  const [leaving, setLeaving] = useState(false);

  const usernameRef = useRef<HTMLInputElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void resumeFromCookie(readCookie(FORGOT_PASSWORD_COOKIE), checkForgotProcess, () =>
      deleteCookie(FORGOT_PASSWORD_COOKIE),
    ).then((start) => {
      if (start.step === 2) {
        setUsername(start.username);
        setTimes(start.times);
        setSends((s) => s + 1);
        setStep(2);
      }
      setLoading(false);
    });
  }, []);

  useEffect(() => {
    if (loading) return;
    if (step === 1) usernameRef.current?.focus();
    else if (step === 2) otpRef.current?.focus();
    else passwordRef.current?.focus();
  }, [step, loading]);

  const clearMessages = () => {
    setErrors({});
    setAlert(null);
  };

  const cancel = () => {
    deleteCookie(FORGOT_PASSWORD_COOKIE);
    navigate(to('/'));
  };

  const fail = (err: unknown, fields: string[]) => {
    const split = splitApiError(err, fields, tr);
    setErrors(split.fields);
    setAlert(split.alert);
  };

  // ---- Step 1: the account ------------------------------------------------------------------
  const send = async (event: FormEvent) => {
    event.preventDefault();
    clearMessages();
    const parsed = forgotPasswordUsernameInput.safeParse({ username });
    if (!parsed.success) {
      setErrors({ username: tr(parsed.error.issues[0]?.message ?? 'error_username_empty') });
      usernameRef.current?.focus();
      return;
    }
    const name = normalizeLoginName(parsed.data.username).value;
    if (!captcha.ready()) return;
    setBusy('send');
    try {
      const answer = await sendForgotCode(name, captcha.answer);
      captcha.settle();
      writeCookie(FORGOT_PASSWORD_COOKIE, name);
      setUsername(name);
      setTimes(answer?.times ?? 0);
      setSends((s) => s + 1);
      setOtp('');
      setStep(2);
    } catch (err) {
      if (captcha.settle(err)) return;
      fail(err, ['username']);
    } finally {
      setBusy(null);
    }
  };

  // ---- Step 2: the code -----------------------------------------------------------------------
  const resend = async () => {
    clearMessages();
    if (!captcha.ready()) return;
    setBusy('resend');
    try {
      const answer = await resendForgotCode(username, captcha.answer);
      captcha.settle();
      setTimes(answer?.times ?? 0);
      setSends((s) => s + 1);
      notifications.show({ color: 'teal', message: t('code_has_been_sent') });
    } catch (err) {
      if (captcha.settle(err)) return;
      fail(err, []);
    } finally {
      setBusy(null);
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    clearMessages();
    if (!otp.trim()) {
      setErrors({ otp: t('otp_required') });
      otpRef.current?.focus();
      return;
    }
    setBusy('check');
    try {
      const answer = await checkForgotCode(username, otpForSubmit(otp));
      deleteCookie(FORGOT_PASSWORD_COOKIE);
      setToken(answer.message);
      setStep(3);
    } catch (err) {
      fail(err, ['otp']);
    } finally {
      setBusy(null);
    }
  };

  // ---- Step 3: the new password, then sign-in ----------------------------------------------------
  const reset = async (event: FormEvent) => {
    event.preventDefault();
    clearMessages();
    setBusy('reset');
    try {
      const answer = await resetPassword({
        username,
        token,
        password: password.trim(),
        rePassword: rePassword.trim(),
        returnUrl: interactionReturnUrl(search),
      });
      const next = afterReset(answer);
      setLeaving(true);
      if (next.kind === 'redirect') {
        notifications.show({ color: 'teal', message: t('change_password_success_auto_login') });
        window.location.assign(next.url);
        return;
      }
      notifications.show({ color: 'teal', message: t('forgot_success') });
      if (auth?.manager) await auth.signIn('/account', locale, { loginHint: username });
      else navigate(`${to('/login')}?${new URLSearchParams({ username })}`);
    } catch (err) {
      setLeaving(false);
      fail(err, ['password', 'rePassword']);
    } finally {
      setBusy(null);
    }
  };

  if (loading) {
    return (
      <AuthCard title={t('forgot_title')}>
        <Center py="xl" role="status" aria-label={t('app_loading')}>
          <Loader type="dots" />
        </Center>
      </AuthCard>
    );
  }

  const alertBox = alert && (
    <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
      {alert}
    </Alert>
  );

  const actions = (primary: ReactNode) => (
    <Group gap="sm" wrap="nowrap" className={classes.actions}>
      <Button variant="default" size="md" type="button" onClick={cancel}>
        {t('common_cancel')}
      </Button>
      {primary}
    </Group>
  );

  const account = (
    <Paper bg="gray.0" radius="md" px="md" py="xs">
      <Group gap="sm" wrap="nowrap">
        <Icon name="user" size={18} />
        <Stack gap={0} miw={0}>
          <Text fz="xs" c="dimmed">
            {t('forgot_account')}
          </Text>
          <Text fw={600} fz="sm" truncate data-testid="forgot-account">
            {username}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );

  if (step === 1) {
    return (
      <AuthCard title={t('forgot_title')} intro={t('forgot_intro')} step={{ current: 1, total: TOTAL_STEPS }}>
        <form onSubmit={(e) => void send(e)} noValidate>
          <Stack gap="md">
            <TextInput
              ref={usernameRef}
              name="username"
              label={t('login_username_label')}
              placeholder={t('login_username_placeholder')}
              autoComplete="username"
              inputMode="email"
              size="md"
              value={username}
              onChange={(e) => {
                setUsername(e.currentTarget.value);
                setErrors((errs) => withoutErrors(errs, ['username']));
              }}
              error={errors.username}
              leftSection={<Icon name="user" size={18} />}
            />
            {captcha.field}
            {alertBox}
            {actions(
              <Button type="submit" size="md" loading={busy === 'send'}>
                {t('common_next')}
              </Button>,
            )}
          </Stack>
        </form>
      </AuthCard>
    );
  }

  if (step === 2) {
    return (
      <AuthCard title={t('forgot_title')} step={{ current: 2, total: TOTAL_STEPS }}>
        <form onSubmit={(e) => void check(e)} noValidate>
          <Stack gap="md">
            {account}
            <Text fz="sm">{t('enter_security_code')}</Text>
            <OtpInput
              ref={otpRef}
              value={otp}
              onChange={(value) => {
                setOtp(value);
                setErrors((e) => withoutErrors(e, ['otp']));
              }}
              error={errors.otp}
            />
            <Countdown seconds={times} restartKey={sends} onResend={() => void resend()} busy={busy === 'resend'} />
            {captcha.field}
            {alertBox}
            {actions(
              <Button type="submit" size="md" loading={busy === 'check'}>
                {t('common_verify')}
              </Button>,
            )}
          </Stack>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('forgot_title')}
      intro={t('forgot_new_password_intro', { account: username })}
      step={{ current: 3, total: TOTAL_STEPS }}
    >
      <form onSubmit={(e) => void reset(e)} noValidate>
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <Stack gap="md">
          <Stack gap={8}>
            <PasswordInput
              ref={passwordRef}
              name="password"
              label={t('forgot_password_label')}
              autoComplete="new-password"
              size="md"
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setErrors((errs) => withoutErrors(errs, ['password']));
              }}
              error={errors.password}
            />
            <PasswordStrength value={password.trim()} />
          </Stack>
          <PasswordInput
            name="rePassword"
            label={t('forgot_repassword_label')}
            autoComplete="new-password"
            size="md"
            value={rePassword}
            onChange={(e) => {
              setRePassword(e.currentTarget.value);
              setErrors((errs) => withoutErrors(errs, ['rePassword']));
            }}
            error={errors.rePassword}
          />
          {alertBox}
          {actions(
            <Button type="submit" size="md" loading={busy === 'reset' || leaving}>
              {t('common_update')}
            </Button>,
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}

export default ForgotPasswordPage;
