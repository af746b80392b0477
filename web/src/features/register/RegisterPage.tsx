import { Alert, Anchor, Button, Center, Group, Loader, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { otpForSubmit, registerEmailErrors } from '@portico/contracts';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { currentTimezone } from '../../api/client';
import { AuthCard } from '../../components/AuthCard';
import { Captcha } from '../../components/Captcha';
import { Countdown } from '../../components/Countdown';
import { Icon } from '../../components/Icon';
import { OtpInput } from '../../components/OtpInput';
import { useCaptchaOnDemand } from '../../components/useCaptchaOnDemand';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { deleteCookie, REGISTER_COOKIE, readCookie, writeCookie } from '../../lib/cookies';
import { focusFirstError, splitApiError, translateKeys, withoutErrors } from '../../lib/formErrors';
import classes from '../login/login.module.css';
import { useAppSettings } from '../settings/useAppSettings';
import { checkRegisterOtp, checkRegisterProcess, registerAccount, resendRegisterOtp, sendRegisterOtp } from './api';
import { DetailsFields } from './DetailsFields';
import {
  DETAILS_FIELD_ORDER,
  type DetailsForm,
  emptyDetails,
  firstErrors,
  loginAfterRegister,
  loginWithQuery,
  type RegisterStep,
  resumeRegistration,
  validateDetails,
} from './logic';

const TOTAL_STEPS = 3;

/**
 * /register (spec §2 Register page, §4): 1 the e-mail and a captcha; 2 the 6-digit code with the
 * server's countdown and resend; 3 the details; then /login with the username filled in (same
 * language, query kept). A cookie keeps the in-progress e-mail so a reload resumes at step 2.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const navigate = useNavigate();
  const { search } = useLocation();
  const { to } = useLocale();
  const { settings } = useAppSettings();
  const captchaProvider = settings.configs.captchaProvider;
  usePageTitle('register_title');

  const [loading, setLoading] = useState(true);
  const [step, setStep] = useState<RegisterStep>(1);
  const [username, setUsername] = useState('');
  const [times, setTimes] = useState(0);
  const [sends, setSends] = useState(0);
  const [otp, setOtp] = useState('');
  const [token, setToken] = useState('');
  const [details, setDetails] = useState<DetailsForm>(() => emptyDetails());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'resend' | 'check' | 'register' | null>(null);

  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  // Step 2's resend asks for a fresh captcha only when the server does (many sends from one address).
  const resendCaptcha = useCaptchaOnDemand();

  const emailRef = useRef<HTMLInputElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);
  const detailsForm = useRef<HTMLFormElement>(null);
  const started = useRef(false);

  // On load: resume at step 2 when the server says the stored e-mail's registration is in progress.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void resumeRegistration(readCookie(REGISTER_COOKIE), checkRegisterProcess, () =>
      deleteCookie(REGISTER_COOKIE),
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
    if (step === 1) emailRef.current?.focus();
    else if (step === 2) otpRef.current?.focus();
    else lastNameRef.current?.focus();
  }, [step, loading]);

  const clearMessages = () => {
    setErrors({});
    setAlert(null);
  };

  const resetCaptcha = () => {
    setCaptcha(null);
    setCaptchaKey((k) => k + 1);
  };

  const cancel = () => {
    deleteCookie(REGISTER_COOKIE);
    navigate(loginWithQuery(to('/login'), search));
  };

  // ---- Step 1: the e-mail and the captcha ---------------------------------------------------
  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    clearMessages();
    const invalid = firstErrors(registerEmailErrors(username));
    if (invalid.username) {
      setErrors(translateKeys(invalid, tr));
      emailRef.current?.focus();
      return;
    }
    if (captchaProvider !== 'none' && !captcha) {
      setErrors({ captcha: t('captcha_error_empty') });
      return;
    }
    const email = username.trim().toLowerCase();
    setBusy('send');
    try {
      const answer = await sendRegisterOtp(email, captcha ?? undefined);
      writeCookie(REGISTER_COOKIE, email);
      setUsername(email);
      setTimes(answer?.times ?? 0);
      setSends((s) => s + 1);
      setOtp('');
      setStep(2);
    } catch (err) {
      const split = splitApiError(err, ['username', 'captcha'], tr);
      setErrors(split.fields);
      setAlert(split.alert);
      if (captcha) resetCaptcha();
    } finally {
      setBusy(null);
    }
  };

  // ---- Step 2: the code -----------------------------------------------------------------------
  const resend = async () => {
    clearMessages();
    if (!resendCaptcha.ready()) return;
    setBusy('resend');
    try {
      const answer = await resendRegisterOtp(username, resendCaptcha.answer);
      resendCaptcha.settle();
      setTimes(answer?.times ?? 0);
      setSends((s) => s + 1);
      notifications.show({ color: 'teal', message: t('code_has_been_sent') });
    } catch (err) {
      if (resendCaptcha.settle(err)) return;
      setAlert(splitApiError(err, [], tr).alert);
    } finally {
      setBusy(null);
    }
  };

  const checkCode = async (event: FormEvent) => {
    event.preventDefault();
    clearMessages();
    if (!otp.trim()) {
      setErrors({ otp: t('please_enter_verification_code') });
      otpRef.current?.focus();
      return;
    }
    setBusy('check');
    try {
      const answer = await checkRegisterOtp(username, otpForSubmit(otp));
      deleteCookie(REGISTER_COOKIE);
      setToken(answer.token);
      setStep(3);
    } catch (err) {
      const split = splitApiError(err, ['otp'], tr);
      setErrors(split.fields);
      setAlert(split.alert);
    } finally {
      setBusy(null);
    }
  };

  const changeEmail = () => {
    deleteCookie(REGISTER_COOKIE);
    clearMessages();
    setOtp('');
    setStep(1);
  };

  // ---- Step 3: the details ----------------------------------------------------------------------
  const register = async (event: FormEvent) => {
    event.preventDefault();
    clearMessages();
    const invalid = firstErrors(validateDetails(details, { withPassword: true }));
    if (Object.keys(invalid).length > 0) {
      setErrors(translateKeys(invalid, tr));
      focusFirstError(detailsForm.current, DETAILS_FIELD_ORDER, invalid);
      return;
    }
    setBusy('register');
    try {
      const answer = await registerAccount({
        username,
        token,
        firstName: details.firstName.trim(),
        lastName: details.lastName.trim(),
        password: details.password.trim(),
        rePassword: details.rePassword.trim(),
        birthdate: details.birthdate,
        gender: Number(details.gender),
        timezone: currentTimezone(),
      });
      notifications.show({ color: 'teal', message: t('register_success') });
      navigate(loginAfterRegister(to('/login'), search, answer?.username || username));
    } catch (err) {
      const split = splitApiError(err, [...DETAILS_FIELD_ORDER], tr);
      setErrors(split.fields);
      setAlert(split.alert);
    } finally {
      setBusy(null);
    }
  };

  if (loading) {
    return (
      <AuthCard title={t('register_heading')}>
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
      <Button variant="default" size="md" onClick={cancel} type="button">
        {t('common_cancel')}
      </Button>
      {primary}
    </Group>
  );

  const tabs = (
    <Tabs
      value="register"
      onChange={(value) => {
        if (value === 'login') cancel();
      }}
      variant="pills"
      radius="xl"
      classNames={{ list: classes.modeTabs }}
    >
      <Tabs.List grow>
        <Tabs.Tab value="login">{t('login_tab')}</Tabs.Tab>
        <Tabs.Tab value="register">{t('register_tab')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );

  if (step === 1) {
    return (
      <AuthCard
        top={tabs}
        title={t('register_heading')}
        intro={t('register_email_intro')}
        step={{ current: 1, total: TOTAL_STEPS }}
      >
        <form onSubmit={(e) => void sendCode(e)} noValidate>
          <Stack gap="md">
            <TextInput
              ref={emailRef}
              name="username"
              type="email"
              label={t('register_email_label')}
              placeholder={t('register_email_placeholder')}
              autoComplete="email"
              inputMode="email"
              size="md"
              value={username}
              onChange={(e) => {
                setUsername(e.currentTarget.value);
                setErrors((errs) => withoutErrors(errs, ['username']));
              }}
              error={errors.username}
              leftSection={<Icon name="mail" size={18} />}
            />
            <Captcha
              key={captchaKey}
              provider={captchaProvider}
              siteKey={settings.configs.recaptchaSiteKey}
              onChange={(value) => {
                setCaptcha(value);
                if (value) setErrors(({ captcha: _drop, ...rest }) => rest);
              }}
              error={errors.captcha}
            />
            {alertBox}
            {actions(
              <Button type="submit" size="md" loading={busy === 'send'}>
                {t('register_send_code')}
              </Button>,
            )}
            <Text fz="sm" ta="center" c="dimmed">
              {t('register_have_account')}{' '}
              <Anchor
                component={Link}
                to={loginWithQuery(to('/login'), search)}
                fw={600}
                onClick={() => deleteCookie(REGISTER_COOKIE)}
              >
                {t('register_sign_in')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  if (step === 2) {
    return (
      <AuthCard title={t('register_heading')} step={{ current: 2, total: TOTAL_STEPS }}>
        <form onSubmit={(e) => void checkCode(e)} noValidate>
          <Stack gap="md">
            <Text fz="sm">
              {t('otp_sent_to', { target: username })}{' '}
              <Anchor component="button" type="button" fz="sm" fw={600} onClick={changeEmail}>
                {t('register_change_email')}
              </Anchor>
            </Text>
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
            {resendCaptcha.field}
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
      wide
      title={t('register_heading')}
      intro={t('register_details_intro', { email: username })}
      step={{ current: 3, total: TOTAL_STEPS }}
    >
      <form ref={detailsForm} onSubmit={(e) => void register(e)} noValidate>
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <Stack gap="lg">
          <DetailsFields
            values={details}
            onChange={(patch) => {
              setDetails((d) => ({ ...d, ...patch }));
              setErrors((e) => withoutErrors(e, Object.keys(patch)));
            }}
            errors={errors}
            withPassword
            firstFieldRef={lastNameRef}
          />
          {alertBox}
          {actions(
            <Button type="submit" size="md" loading={busy === 'register'}>
              {t('register_submit')}
            </Button>,
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}

export default RegisterPage;
