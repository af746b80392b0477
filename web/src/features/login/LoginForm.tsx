import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Group,
  PasswordInput,
  Radio,
  Stack,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  type InteractionDetails,
  type LoginAnswer,
  loginByOtpInput,
  loginCheckInput,
  loginInput,
  maskLoginName,
  normalizeLoginName,
  type OtpMethod,
  otpForSubmit,
} from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorText } from '../../api/client';
import { Captcha } from '../../components/Captcha';
import { Countdown } from '../../components/Countdown';
import { Icon } from '../../components/Icon';
import { OtpInput } from '../../components/OtpInput';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { UpdateInfoForm } from '../register/UpdateInfoForm';
import { useAppSettings } from '../settings/useAppSettings';
import { login, loginByOtp, loginCheck, otpSupport, sendLoginOtp } from './api';
import { CampaignPopup } from './CampaignPopup';
import { visitorId } from './fingerprint';
import { LoginTwoFactor } from './LoginTwoFactor';
import {
  actionForAnswer,
  afterLoginCheck,
  isSessionExpired,
  type LoginMethod,
  type LoginQuery,
  needsCaptcha,
  withoutCredentials,
} from './logic';
import classes from './login.module.css';
import { RestartSignIn } from './RestartSignIn';
import { asksTwoFactorStep } from './twoFactorApi';

/** The first message key of each field of a failed zod parse. */
const fieldErrors = (error: z.ZodError): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issue.message;
  }
  return out;
};

type OtpState = { sent: boolean; times: number; sends: number };

/**
 * Steps 1 and 2 of the login page (spec §2): the account, then password or one-time code.
 * Every successful answer goes through one place (`finish`), whatever the method.
 */
export function LoginForm({ details, query }: { details: InteractionDetails; query: LoginQuery }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const navigate = useNavigate();
  const location = useLocation();
  const { to } = useLocale();
  const { settings } = useAppSettings();
  const captchaProvider = settings.configs.captchaProvider;

  const [step, setStep] = useState<1 | 2>(1);
  const [username, setUsername] = useState(query.username || details.loginHint || '');
  const [method, setMethod] = useState<LoginMethod>('password');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [otpType, setOtpType] = useState<string | null>(null);
  const [otpState, setOtpState] = useState<OtpState>({ sent: false, times: 0, sends: 0 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'login' | 'send' | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [expired, setExpired] = useState(false);
  const [popup, setPopup] = useState<{ html: string; next: string } | null>(null);
  // isRegister: the login tab becomes the update-info form (spec §2, §4).
  const [registerAnswer, setRegisterAnswer] = useState<LoginAnswer | null>(null);
  // Step 3 (LoginTwoFactor.tsx): an answer asking for it, or 'resume' (a step-up, a reload, after a reset).
  const [twoFactor, setTwoFactor] = useState<LoginAnswer | 'resume' | null>(() =>
    details.stepUp || asksTwoFactorStep(location.search) ? 'resume' : null,
  );

  // Captcha: shown once the server asks for it; an answer is single-use, so each failed submit
  // remounts the widget (captchaKey) and drops the old answer.
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const showCaptcha = captchaRequired && captchaProvider !== 'none';

  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const autoLogin = useRef(false);

  const normalized = normalizeLoginName(username);
  const methods = useQuery({
    queryKey: ['otp-support', normalized.value],
    queryFn: () => otpSupport(username.trim()),
    enabled: step === 2 && method === 'otp',
    staleTime: 60_000,
    retry: false,
  });
  const methodList: OtpMethod[] = methods.data ?? [];
  const chosenType = otpType ?? methodList[0]?.type ?? null;

  // Focus follows the step: the password field, or the code field once a code is sent.
  useEffect(() => {
    if (step === 1) usernameRef.current?.focus();
    else if (method === 'password') passwordRef.current?.focus();
    else if (otpState.sent) otpRef.current?.focus();
  }, [step, method, otpState.sent]);

  const resetCaptcha = () => {
    setCaptcha(null);
    setCaptchaKey((k) => k + 1);
  };

  const fail = (err: unknown) => {
    if (isSessionExpired(err)) {
      setExpired(true);
      return;
    }
    if (needsCaptcha(err)) setCaptchaRequired(true);
    if (captcha) resetCaptcha();
    setError(errorText(err, t));
  };

  /** One completion for every method: campaign, register, two-factor, or the redirect URL. */
  const finish = (answer: LoginAnswer | null | undefined) => {
    const action = actionForAnswer(answer, to('/'));
    switch (action.kind) {
      case 'redirect':
      case 'campaign-url':
        setLeaving(true);
        window.location.assign(action.url);
        return;
      case 'campaign-popup':
        setLeaving(true);
        setPopup({ html: action.html, next: action.next });
        return;
      case 'register':
        if (answer) setRegisterAnswer(answer);
        return;
      case 'two-factor':
        if (answer) setTwoFactor(answer);
        return;
      default:
        setError(tr(action.messageKey));
    }
  };

  const captchaMissing = (): boolean => {
    if (showCaptcha && !captcha) {
      setErrors((e) => ({ ...e, captcha: t('captcha_error_empty') }));
      return true;
    }
    return false;
  };

  // ---- Step 1: the account ----------------------------------------------------------------
  const check = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    const parsed = loginCheckInput.safeParse({ userName: username });
    if (!parsed.success) {
      setErrors({ username: tr(fieldErrors(parsed.error).userName ?? 'error_username_empty') });
      return;
    }
    setErrors({});
    setBusy('check');
    try {
      const answer = await loginCheck(parsed.data.userName);
      const next = afterLoginCheck(answer);
      setCaptchaRequired((c) => c || next.captcha);
      setMethod(next.method);
      setStep(2);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const backToStep1 = () => {
    setStep(1);
    setPassword('');
    setOtp('');
    setOtpType(null);
    setOtpState({ sent: false, times: 0, sends: 0 });
    setError(null);
    setErrors({});
  };

  // ---- Step 2: password ----------------------------------------------------------------
  const submitPassword = async (event?: FormEvent, override?: { username: string; password: string }) => {
    event?.preventDefault();
    setError(null);
    const parsed = loginInput.safeParse({
      username: override?.username ?? username,
      password: override?.password ?? password,
      returnUrl: query.returnUrl,
      captcha: captcha ?? undefined,
      visistorId: visitorId(),
      rememberMachine: true,
    });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, tr(v)])));
      return;
    }
    setErrors({});
    if (captchaMissing()) return;
    setBusy('login');
    try {
      finish(await login(parsed.data, query.campaignId));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  // ---- Step 2: one-time code ------------------------------------------------------------
  const sendCode = async () => {
    setError(null);
    setErrors({});
    if (captchaMissing()) return;
    setBusy('send');
    try {
      const answer = await sendLoginOtp(username.trim(), captcha ?? undefined);
      setOtpState((s) => ({ sent: true, times: answer?.times ?? 0, sends: s.sends + 1 }));
      if (captcha) resetCaptcha();
    } catch (err) {
      // Spec §4: a failed send still sets the sent flag (the user may already have a code).
      setOtpState((s) => ({ sent: true, times: 0, sends: s.sends + 1 }));
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const submitOtp = async (event?: FormEvent) => {
    const code = otp;
    event?.preventDefault();
    setError(null);
    const parsed = loginByOtpInput.safeParse({
      username,
      otp: code,
      rememberMachine: true,
      returnUrl: query.returnUrl,
      otpType: chosenType ?? undefined,
    });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (found.otp === 'otp_error_blank' || found.username) {
      setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, tr(v)])));
      return;
    }
    setErrors({});
    setBusy('login');
    try {
      finish(
        await loginByOtp({
          username: username.trim(),
          otp: otpForSubmit(code),
          rememberMachine: true,
          returnUrl: query.returnUrl,
          otpType: (chosenType ?? undefined) as 'email' | 'phone' | undefined,
        }),
      );
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  // Auto-login: username and password in the query sign in at once, and leave the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first render's query
  useEffect(() => {
    if (autoLogin.current || !query.username || !query.password) return;
    autoLogin.current = true;
    const credentials = { username: query.username, password: query.password };
    navigate(
      { pathname: location.pathname, search: withoutCredentials(new URLSearchParams(location.search)) },
      { replace: true },
    );
    setMethod('password');
    setStep(2);
    setPassword(credentials.password);
    void submitPassword(undefined, credentials);
  }, []);

  if (expired) return <RestartSignIn message={t('login_session_expired')} />;
  if (registerAnswer) return <UpdateInfoForm answer={registerAnswer} />;
  if (twoFactor)
    return (
      <LoginTwoFactor
        answer={twoFactor === 'resume' ? null : twoFactor}
        returnUrl={query.returnUrl}
        stepUp={details.stepUp}
        onBack={() => {
          setTwoFactor(null);
          backToStep1();
        }}
      />
    );

  const errorAlert = error && (
    <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
      {error}
    </Alert>
  );

  const captchaField = showCaptcha && (
    <Captcha
      key={captchaKey}
      provider={captchaProvider}
      siteKey={settings.configs.recaptchaSiteKey}
      onChange={(value) => {
        setCaptcha(value);
        if (value) {
          setErrors(({ captcha: _drop, ...rest }) => rest);
          setError(null);
        }
      }}
      error={errors.captcha}
    />
  );

  if (step === 1) {
    return (
      <form onSubmit={check} noValidate>
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
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username}
            leftSection={<Icon name="user" size={18} />}
          />
          {errorAlert}
          <Button type="submit" size="md" fullWidth loading={busy === 'check'}>
            {t('common_next')}
          </Button>
        </Stack>
      </form>
    );
  }

  const maskedTarget = maskLoginName(normalized.value);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="sm" p="xs" pr="sm" style={{ borderRadius: 999 }} bg="gray.0">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar size={32} radius="xl" color="brand">
            {username.trim().slice(0, 1).toUpperCase()}
          </Avatar>
          <Text fw={600} fz="sm" truncate data-testid="login-account">
            {username.trim()}
          </Text>
        </Group>
        <UnstyledButton onClick={backToStep1} fz="sm" fw={600} c="brand.7" style={{ whiteSpace: 'nowrap' }}>
          {t('login_change_account')}
        </UnstyledButton>
      </Group>

      <Tabs
        value={method}
        keepMounted={false}
        classNames={{
          list: classes.methodList,
          tab: classes.methodTab,
          tabLabel: classes.methodLabel,
          tabSection: classes.methodIcon,
        }}
        onChange={(value) => {
          if (value === 'password' || value === 'otp') {
            setMethod(value);
            if (captcha) resetCaptcha(); // the widget remounts with the panel
            setError(null);
            setErrors({});
          }
        }}
      >
        <Tabs.List grow>
          <Tabs.Tab value="password" leftSection={<Icon name="lock" size={16} />}>
            {t('login_tab_password')}
          </Tabs.Tab>
          <Tabs.Tab value="otp" leftSection={<Icon name="mail" size={16} />}>
            {t('login_tab_otp')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="password" pt="md">
          <form onSubmit={(e) => void submitPassword(e)} noValidate>
            <input type="hidden" name="username" value={username.trim()} autoComplete="username" />
            <Stack gap="md">
              <PasswordInput
                ref={passwordRef}
                name="password"
                label={t('login_password_label')}
                autoComplete="current-password"
                size="md"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.password}
                leftSection={<Icon name="lock" size={18} />}
              />
              <Group justify="flex-end" mt={-8}>
                <Anchor
                  component={Link}
                  to={`${to('/forgot-password')}?${new URLSearchParams({ ReturnUrl: query.returnUrl, username: username.trim() })}`}
                  fz="sm"
                  fw={500}
                >
                  {t('login_forgot_password')}
                </Anchor>
              </Group>
              {captchaField}
              {errorAlert}
              <Button type="submit" size="md" fullWidth loading={busy === 'login' || leaving}>
                {t('login_submit')}
              </Button>
            </Stack>
          </form>
        </Tabs.Panel>

        <Tabs.Panel value="otp" pt="md">
          <form onSubmit={(e) => void submitOtp(e)} noValidate>
            <Stack gap="md">
              {methodList.length > 1 && (
                <Radio.Group
                  name="otpType"
                  label={t('login_otp_method_label')}
                  value={chosenType}
                  onChange={(value) => setOtpType(value)}
                >
                  <Stack gap="xs" mt={6}>
                    {methodList.map((m) => (
                      <Radio key={m.type} value={m.type} label={tr(m.title)} />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
              {methods.isError && (
                <Text c="red.7" fz="sm" role="alert">
                  {errorText(methods.error, t)}
                </Text>
              )}
              {!otpState.sent ? (
                <>
                  <Text fz="sm" c="dimmed">
                    {t('login_otp_intro', { target: maskedTarget })}
                  </Text>
                  {captchaField}
                  {errorAlert}
                  <Button
                    size="md"
                    fullWidth
                    onClick={() => void sendCode()}
                    loading={busy === 'send'}
                    disabled={methods.isPending}
                  >
                    {t('login_send_code')}
                  </Button>
                </>
              ) : (
                <>
                  <Text fz="sm">{t('login_otp_sent', { target: maskedTarget })}</Text>
                  <OtpInput ref={otpRef} value={otp} onChange={setOtp} error={errors.otp} />
                  <Countdown
                    seconds={otpState.times}
                    restartKey={otpState.sends}
                    onResend={() => void sendCode()}
                    busy={busy === 'send'}
                  />
                  {captchaField}
                  {errorAlert}
                  <Button type="submit" size="md" fullWidth loading={busy === 'login' || leaving}>
                    {t('login_submit')}
                  </Button>
                </>
              )}
            </Stack>
          </form>
        </Tabs.Panel>
      </Tabs>

      {popup && (
        <CampaignPopup
          html={popup.html}
          onClose={() => {
            setPopup(null);
            window.location.assign(popup.next);
          }}
        />
      )}
    </Stack>
  );
}
