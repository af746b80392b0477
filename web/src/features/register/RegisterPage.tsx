import { Anchor, Button, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { registerInput, registerSendOtpInput } from '@portico/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { currentTimezone } from '../../api/client';
import { AuthCard, AuthCardActions } from '../../components/AuthCard';
import { CodeStep } from '../../components/CodeStep';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { useApiForm } from '../../components/useApiForm';
import { useCaptchaOnDemand } from '../../components/useCaptchaOnDemand';
import { type CodeSent, useCodeStep } from '../../components/useCodeStep';
import { useResumeCookie } from '../../components/useResumeCookie';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { REGISTER_COOKIE } from '../../lib/cookies';
import classes from '../login/login.module.css';
import { checkRegisterOtp, checkRegisterProcess, registerAccount, resendRegisterOtp, sendRegisterOtp } from './api';
import { DetailsFields } from './DetailsFields';
import { DETAILS_FIELD_ORDER, emptyDetails, loginAfterRegister, loginWithQuery, type RegisterStep } from './logic';

const TOTAL_STEPS = 3;

/**
 * /register (spec §2 Register page, §4): 1 the e-mail and a captcha; 2 the 6-digit code with the
 * server's countdown and resend; 3 the details; then /login with the username filled in (same
 * language, query kept). A cookie keeps the in-progress e-mail so a reload resumes at step 2.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { to } = useLocale();
  usePageTitle('register_title');

  const [step, setStep] = useState<RegisterStep>(1);
  const [username, setUsername] = useState('');
  const [token, setToken] = useState('');
  // Step 1 always asks for a captcha (when one is configured); step 2's resend only when the server does.
  const captcha = useCaptchaOnDemand({ always: true });

  const code = useCodeStep({
    emptyKey: 'please_enter_verification_code',
    resend: (answer) => resendRegisterOtp(username, answer),
    check: (otp) => checkRegisterOtp(username, otp),
    onChecked: (answer) => {
      resume.forget();
      setToken(answer.token);
      setStep(3);
    },
  });
  const toCode = (email: string, sent: CodeSent) => {
    setUsername(email);
    code.start(sent);
    setStep(2);
  };
  const resume = useResumeCookie(REGISTER_COOKIE, checkRegisterProcess, toCode);

  // ---- Step 1: the e-mail and the captcha ---------------------------------------------------
  const email = useApiForm({
    initialValues: { username: '' },
    schema: registerSendOtpInput,
    before: () => captcha.ready(),
    submit: (v) => sendRegisterOtp(v.username.trim().toLowerCase(), captcha.answer),
    onSuccess: (answer, v) => {
      captcha.settle();
      const address = v.username.trim().toLowerCase();
      resume.remember(address);
      toCode(address, answer);
    },
    onError: (err) => captcha.settle(err),
  });

  // ---- Step 3: the details ----------------------------------------------------------------------
  const details = useApiForm({
    initialValues: emptyDetails(),
    schema: registerInput(),
    input: (v) => ({ ...v, username, token }),
    fields: DETAILS_FIELD_ORDER,
    submit: (v) =>
      registerAccount({
        username,
        token,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        password: v.password.trim(),
        rePassword: v.rePassword.trim(),
        birthdate: v.birthdate,
        gender: Number(v.gender),
        timezone: currentTimezone(),
      }),
    onSuccess: (answer) => {
      notifications.show({ color: 'teal', message: t('register_success') });
      navigate(loginAfterRegister(to('/login'), search, answer?.username || username));
    },
  });

  const emailRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (resume.loading) return;
    if (step === 1) emailRef.current?.focus();
    else if (step === 3) lastNameRef.current?.focus();
  }, [step, resume.loading]);

  const cancel = () => {
    resume.forget();
    navigate(loginWithQuery(to('/login'), search));
  };

  const changeEmail = () => {
    resume.forget();
    code.reset();
    setStep(1);
  };

  if (resume.loading) return <AuthCard title={t('register_heading')} loading />;

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
        <form ref={email.ref} onSubmit={(e) => void email.submit(e)} noValidate>
          <Stack gap="md">
            <TextInput
              ref={emailRef}
              {...email.field('username')}
              type="email"
              label={t('register_email_label')}
              placeholder={t('register_email_placeholder')}
              autoComplete="email"
              inputMode="email"
              size="md"
              leftSection={<Icon name="mail" size={18} />}
            />
            {captcha.field}
            <FormAlert message={email.alert} />
            <AuthCardActions onCancel={cancel}>
              <Button type="submit" size="md" loading={email.busy}>
                {t('register_send_code')}
              </Button>
            </AuthCardActions>
            <Text fz="sm" ta="center" c="dimmed">
              {t('register_have_account')}{' '}
              <Anchor component={Link} to={loginWithQuery(to('/login'), search)} fw={600} onClick={resume.forget}>
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
        <CodeStep
          step={code}
          before={
            <Text fz="sm">
              {t('otp_sent_to', { target: username })}{' '}
              <Anchor component="button" type="button" fz="sm" fw={600} onClick={changeEmail}>
                {t('register_change_email')}
              </Anchor>
            </Text>
          }
          actions={
            <AuthCardActions onCancel={cancel}>
              <Button type="submit" size="md" loading={code.checking}>
                {t('common_verify')}
              </Button>
            </AuthCardActions>
          }
        />
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
      <form ref={details.ref} onSubmit={(e) => void details.submit(e)} noValidate>
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <Stack gap="lg">
          <DetailsFields
            values={details.values}
            onChange={details.patch}
            errors={details.errors}
            withPassword
            firstFieldRef={lastNameRef}
          />
          <FormAlert message={details.alert} />
          <AuthCardActions onCancel={cancel}>
            <Button type="submit" size="md" loading={details.busy}>
              {t('register_submit')}
            </Button>
          </AuthCardActions>
        </Stack>
      </form>
    </AuthCard>
  );
}

export default RegisterPage;
