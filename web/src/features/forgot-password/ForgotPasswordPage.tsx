import { Alert, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { forgotPasswordUsernameInput, normalizeLoginName, resetPasswordInput } from '@portico/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AccountField } from '../../components/AccountField';
import { AddressText, withAddress } from '../../components/AddressText';
import { AuthCard, AuthCardActions } from '../../components/AuthCard';
import { CodeStep } from '../../components/CodeStep';
import { FormStack } from '../../components/FormStack';
import { Icon } from '../../components/Icon';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useApiForm } from '../../components/useApiForm';
import { useCaptchaOnDemand } from '../../components/useCaptchaOnDemand';
import { useCodeFlow } from '../../components/useCodeFlow';
import { postToHost, useEmbedded } from '../../embed';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { FORGOT_PASSWORD_COOKIE } from '../../lib/cookies';
import { notifyDone } from '../../lib/notify';
import { readResetHandOver } from '../../lib/resetHandOver';
import { checkForgotCode, checkForgotProcess, resendForgotCode, resetPassword, sendForgotCode } from './api';
import { afterReset, interactionReturnUrl, resetSignInPath } from './logic';

const TOTAL_STEPS = 3;

/**
 * /forgot-password (spec §2 Forgot password page, §4): 1 the account's e-mail or phone; 2 the
 * code (countdown, resend), whose check answers a single-use reset token; 3 the new password.
 * Then sign-in: when the page came from a sign-in (ReturnUrl is a provider interaction) the
 * server finishes it and the page follows redirectUrl; otherwise the portal's own sign-in, or,
 * embedded, the host is told (forgot_password_success) and signs in itself. The
 * password never goes into a URL. Cancel goes to /. A stored username resumes at step 2; a reset
 * token handed over in the navigation state (the "this wasn't me" link) opens step 3.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const location = useLocation();
  const { to } = useLocale();
  usePageTitle('forgot_title');

  const [leaving, setLeaving] = useState(false);
  const embedded = useEmbedded();
  const [resetDone, setResetDone] = useState(false);
  // Past many code requests from one address the server asks for a captcha first.
  const captcha = useCaptchaOnDemand();
  const flow = useCodeFlow({
    cookie: FORGOT_PASSWORD_COOKIE,
    checkProcess: checkForgotProcess,
    emptyKey: 'otp_required',
    resend: resendForgotCode,
    check: checkForgotCode,
    token: (answer) => answer.message,
    given: readResetHandOver(location.state),
  });
  const { step, username, token, code } = flow;

  // ---- Step 1: the account ------------------------------------------------------------------
  const account = useApiForm({
    initialValues: { username: search.get('username') ?? '' },
    schema: forgotPasswordUsernameInput,
    before: () => captcha.ready(),
    submit: (v) => sendForgotCode(normalizeLoginName(v.username).value, captcha.answer),
    onSuccess: (answer, v) => {
      captcha.settle();
      flow.sent(normalizeLoginName(v.username).value, answer);
    },
    onError: (err) => captcha.settle(err),
  });

  // ---- Step 3: the new password, then sign-in ----------------------------------------------------
  const password = useApiForm({
    initialValues: { password: '', rePassword: '' },
    schema: resetPasswordInput(),
    input: (v) => ({ ...v, username, token }),
    submit: (v) =>
      resetPassword({
        username,
        token,
        password: v.password.trim(),
        rePassword: v.rePassword.trim(),
        returnUrl: interactionReturnUrl(search),
      }),
    onSuccess: (answer) => {
      const next = afterReset(answer);
      setLeaving(true);
      if (next.kind === 'redirect') {
        notifyDone(t('change_password_success_auto_login'));
        window.location.assign(next.url);
        return;
      }
      // Embedded with no sign-in to finish (issue 29): the app signs in itself, so it is told; with
      // no host to hear it (a tab only marked embedded), the portal's own sign-in below.
      if (embedded && postToHost('forgot_password_success', { username })) {
        flow.forget();
        setResetDone(true);
        return;
      }
      // No sign-in to finish: the token-login page signs this browser in to the portal with the
      // reset's one-time token and says the password changed (spec §4: "finishes by sign-in").
      if (next.loginToken) navigate(to(resetSignInPath(next.loginToken)), { replace: true });
      else navigate(`${to('/login')}?${new URLSearchParams({ username })}`);
    },
    onError: () => {
      setLeaving(false);
      return false;
    },
  });

  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (flow.loading) return;
    if (step === 1) usernameRef.current?.focus();
    else if (step === 3) passwordRef.current?.focus();
  }, [step, flow.loading]);

  const cancel = () => {
    flow.forget();
    navigate(to('/'));
  };

  if (resetDone) {
    return (
      <AuthCard title={t('app_reset_done_title')}>
        <Alert color="teal" variant="light" icon={<Icon name="check" />} role="status">
          {t('app_reset_done')}
        </Alert>
      </AuthCard>
    );
  }
  if (flow.loading) return <AuthCard title={t('forgot_title')} loading />;

  if (step === 1) {
    return (
      <AuthCard title={t('forgot_title')} intro={t('forgot_intro')} step={{ current: 1, total: TOTAL_STEPS }}>
        <FormStack
          form={account}
          actions={<AuthCardActions onCancel={cancel} label={t('common_next')} busy={account.busy} />}
        >
          <AccountField ref={usernameRef} {...account.field('username')} />
          {captcha.field}
        </FormStack>
      </AuthCard>
    );
  }

  if (step === 2) {
    return (
      <AuthCard title={t('forgot_title')} step={{ current: 2, total: TOTAL_STEPS }}>
        <CodeStep
          step={code}
          before={
            <>
              <Paper bg="gray.0" radius="md" px="md" py="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Icon name="user" size={18} />
                  <Stack gap={2} miw={0}>
                    <Text fz="xs" c="dimmed">
                      {t('forgot_account')}
                    </Text>
                    <AddressText fw={600} fz="sm" data-testid="forgot-account">
                      {username}
                    </AddressText>
                    {/* A mistyped address: back to step 1 with it, the resume cookie gone (issue 34 point 2). */}
                    <Anchor component="button" type="button" fz="sm" fw={600} ta="left" onClick={flow.restart}>
                      {t('forgot_use_another')}
                    </Anchor>
                  </Stack>
                </Group>
              </Paper>
              {/* Worded so it never says whether the account exists (no enumeration). */}
              <Text fz="sm">{t('forgot_code_sent_if_exists')}</Text>
            </>
          }
          actions={<AuthCardActions onCancel={cancel} label={t('common_verify')} busy={code.checking} />}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('forgot_title')}
      intro={withAddress((account) => t('forgot_new_password_intro', { account }), username)}
      step={{ current: 3, total: TOTAL_STEPS }}
    >
      <FormStack
        form={password}
        actions={<AuthCardActions onCancel={cancel} label={t('common_update')} busy={password.busy || leaving} />}
      >
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <NewPasswordFields
          password={password.field('password')}
          repeat={password.field('rePassword')}
          labels={{ password: t('forgot_password_label'), repeat: t('forgot_repassword_label') }}
          passwordRef={passwordRef}
        />
      </FormStack>
    </AuthCard>
  );
}

export default ForgotPasswordPage;
