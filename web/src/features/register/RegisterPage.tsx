import { Anchor, Text } from '@mantine/core';
import { registerInput, registerSendOtpInput } from '@portico/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { currentTimezone } from '../../api/client';
import { AccountField } from '../../components/AccountField';
import { withAddress } from '../../components/AddressText';
import { AuthCard, AuthCardActions, AuthModeTabs } from '../../components/AuthCard';
import { CodeStep } from '../../components/CodeStep';
import { FormStack } from '../../components/FormStack';
import { useApiForm } from '../../components/useApiForm';
import { useCaptchaOnDemand } from '../../components/useCaptchaOnDemand';
import { useCodeFlow } from '../../components/useCodeFlow';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { REGISTER_COOKIE } from '../../lib/cookies';
import { notifyDone } from '../../lib/notify';
import { checkRegisterOtp, checkRegisterProcess, registerAccount, resendRegisterOtp, sendRegisterOtp } from './api';
import { DetailsFields } from './DetailsFields';
import { DETAILS_FIELD_ORDER, emptyDetails, loginAfterRegister, loginWithQuery } from './logic';

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

  // Step 1 always asks for a captcha (when one is configured); step 2's resend only when the server does.
  const captcha = useCaptchaOnDemand({ always: true });
  const flow = useCodeFlow({
    cookie: REGISTER_COOKIE,
    checkProcess: checkRegisterProcess,
    emptyKey: 'please_enter_verification_code',
    resend: resendRegisterOtp,
    check: checkRegisterOtp,
    token: (answer) => answer.token,
  });
  const { step, username, token, code } = flow;

  // ---- Step 1: the e-mail and the captcha ---------------------------------------------------
  const email = useApiForm({
    initialValues: { username: '' },
    schema: registerSendOtpInput,
    before: () => captcha.ready(),
    submit: (v) => sendRegisterOtp(v.username.trim().toLowerCase(), captcha.answer),
    onSuccess: (answer, v) => {
      captcha.settle();
      flow.sent(v.username.trim().toLowerCase(), answer);
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
      notifyDone(t('register_success'));
      navigate(loginAfterRegister(to('/login'), search, answer?.username || username));
    },
  });

  const emailRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (flow.loading) return;
    if (step === 1) emailRef.current?.focus();
    else if (step === 3) lastNameRef.current?.focus();
  }, [step, flow.loading]);

  const cancel = () => {
    flow.forget();
    navigate(loginWithQuery(to('/login'), search));
  };

  if (flow.loading) return <AuthCard title={t('register_heading')} loading />;

  if (step === 1) {
    return (
      <AuthCard
        top={<AuthModeTabs value="register" onSwitch={cancel} />}
        title={t('register_heading')}
        intro={t('register_email_intro')}
        step={{ current: 1, total: TOTAL_STEPS }}
      >
        <FormStack
          form={email}
          actions={
            <>
              <AuthCardActions onCancel={cancel} label={t('register_send_code')} busy={email.busy} />
              <Text fz="sm" ta="center" c="dimmed">
                {t('register_have_account')}{' '}
                <Anchor component={Link} to={loginWithQuery(to('/login'), search)} fw={600} onClick={flow.forget}>
                  {t('register_sign_in')}
                </Anchor>
              </Text>
            </>
          }
        >
          <AccountField email ref={emailRef} {...email.field('username')} />
          {captcha.field}
        </FormStack>
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
              {withAddress((target) => t('otp_sent_to', { target }), username)}{' '}
              <Anchor component="button" type="button" fz="sm" fw={600} onClick={flow.restart}>
                {t('register_change_email')}
              </Anchor>
            </Text>
          }
          actions={<AuthCardActions onCancel={cancel} label={t('common_verify')} busy={code.checking} />}
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
      <FormStack
        form={details}
        gap="lg"
        actions={<AuthCardActions onCancel={cancel} label={t('register_submit')} busy={details.busy} />}
      >
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <DetailsFields
          values={details.values}
          onChange={details.patch}
          errors={details.errors}
          withPassword
          firstFieldRef={lastNameRef}
        />
      </FormStack>
    </AuthCard>
  );
}

export default RegisterPage;
