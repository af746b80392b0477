import { Alert, Anchor, Button, Center, Checkbox, Loader, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { type LoginAnswer, type LoginTwoFactorType, loginRecoveryCodeInput } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/client';
import { CodeStep } from '../../components/CodeStep';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { type ApiForm, useApiForm } from '../../components/useApiForm';
import { type CodeStep as CodeStepState, useCodeStep } from '../../components/useCodeStep';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { passkeysSupported } from '../../lib/passkeyCeremony';
import { CampaignHandOff, type CampaignHandOffState } from './CampaignHandOff';
import { actionForAnswer } from './logic';
import { PasskeyStep } from './PasskeyStep';
import { RestartSignIn } from './RestartSignIn';
import classes from './twoFactor.module.css';
import { loginRecoveryCode, loginTwoFactor, resumeTwoFactor, sendTwoFactorCode } from './twoFactorApi';

// Its own chunk, as in LoginForm.tsx: only a sign-in with a campaign needs it.
// The push request's panel: only when that method is chosen.
const PromptApproval = lazy(() => import('./PromptApproval').then((m) => ({ default: m.PromptApproval })));

export interface LoginTwoFactorProps {
  /** The login answer that asked for step 3; null: the page asks the server (reload, step-up, after a reset). */
  answer: LoginAnswer | null;
  returnUrl: string;
  /** A relying party asks the signed-in account for a second factor: no way back to step 1. */
  stepUp?: boolean;
  /** Back to step 1 (another account, another first factor). */
  onBack?: () => void;
  /** The name typed at step 1, for the push request (unknown after a reload: the server knows the account). */
  username?: string;
}

/** The owed step is gone (five minutes passed, or the sign-in itself expired): only a new sign-in helps. */
const isGone = (error: unknown) =>
  error instanceof ApiError &&
  (error.messageKey === 'login_two_factor_expired' || error.messageKey === 'login_session_expired');

/**
 * Login step 3 (spec sign-in §2 step 3, §3 Two-factor state, §4, §5): the method chooser with the
 * first type preselected, the code field focused, "remember this device" on by default, the
 * recovery-code checkbox under the authenticator method, and the e-mail code with its mm:ss
 * countdown and resend (the kit's code step). The server says which types the account has
 * (server/src/modules/sign-in/second-factor.ts).
 */
export function LoginTwoFactor({ answer, returnUrl, stepUp, onBack, username }: LoginTwoFactorProps) {
  const { t } = useTranslation();
  const resume = useQuery({
    queryKey: ['login-two-factor', returnUrl],
    queryFn: () => resumeTwoFactor(returnUrl),
    enabled: !answer,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const owed = answer ?? resume.data;
  // A step-up with nothing to offer finishes at once: the answer is where to go.
  const finished = owed && !owed.requiresTwoFactor ? owed.redirectUrl : null;
  useEffect(() => {
    if (finished) window.location.assign(finished);
  }, [finished]);

  if (resume.isError) {
    return (
      <RestartSignIn message={isGone(resume.error) ? t('login_two_factor_expired') : errorText(resume.error, t)} />
    );
  }
  if (!owed || finished) {
    return (
      <Center py="xl" role="status" aria-label={t('app_loading')}>
        <Loader type="dots" />
      </Center>
    );
  }
  return <TwoFactorStep owed={owed} returnUrl={returnUrl} stepUp={stepUp} onBack={onBack} username={username} />;
}

function TwoFactorStep({
  owed,
  returnUrl,
  stepUp,
  onBack,
  username,
}: { owed: LoginAnswer } & Omit<LoginTwoFactorProps, 'answer'>) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  // A passkey is offered only where the browser can answer with one.
  const types: LoginTwoFactorType[] = (owed.twoFactorTypes ?? []).filter(
    (type) => type.type !== 'passkey' || passkeysSupported(),
  );
  const [method, setMethod] = useState<LoginTwoFactorType['type'] | null>(types[0]?.type ?? null);
  const [useRecovery, setUseRecovery] = useState(false);
  const [remember, setRemember] = useState(true);
  const [gone, setGone] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [popup, setPopup] = useState<CampaignHandOffState | null>(null);
  const recoveryRef = useRef<HTMLInputElement>(null);

  /** The sign-in finished: where the answer says (spec §4), or a message. */
  const done = (result: LoginAnswer): string | null => {
    const action = actionForAnswer(result, to('/'));
    if (action.kind === 'redirect' || action.kind === 'campaign-url') {
      setLeaving(true);
      window.location.assign(action.url);
      return null;
    }
    if (action.kind === 'campaign-popup') {
      setLeaving(true);
      setPopup({ html: action.html, next: action.next });
      return null;
    }
    return tr(action.kind === 'failed' ? action.messageKey : 'login_invalid_info');
  };
  const expired = (error: unknown) => {
    if (!isGone(error)) return false;
    setGone(true);
    return true;
  };

  // The authenticator's code, and the code a signed-in session shows (the `app` type): the kit's
  // code step without a resend (the person's app or device makes it).
  const typedCode = (codeReceiveMethod: 'authenticator' | 'app') => ({
    emptyKey: 'please_enter_code_2fa_code' as const,
    codeField: 'twoFactorCode',
    check: (otp: string) =>
      loginTwoFactor({ returnUrl, codeReceiveMethod, twoFactorCode: otp, rememberMachine: remember }),
    onError: (error: unknown) => expired(error),
  });
  const totp: CodeStepState = useCodeStep({
    ...typedCode('authenticator'),
    onChecked: (result: LoginAnswer): void => totp.setAlert(done(result)),
  });
  const appCode: CodeStepState = useCodeStep({
    ...typedCode('app'),
    onChecked: (result: LoginAnswer): void => appCode.setAlert(done(result)),
  });
  // A recovery code in its place: not digits, so a form of its own.
  const recoveryBody = (v: { recoveryCode: string }) => ({
    returnUrl,
    recoveryCode: v.recoveryCode,
    rememberMachine: remember,
  });
  const recoveryForm: ApiForm<{ recoveryCode: string }> = useApiForm<{ recoveryCode: string }, LoginAnswer>({
    initialValues: { recoveryCode: '' },
    schema: loginRecoveryCodeInput,
    input: recoveryBody,
    submit: (v) => loginRecoveryCode(recoveryBody(v)),
    onSuccess: (result) => {
      recoveryForm.setAlert(done(result));
    },
    onError: expired,
  });

  // The e-mail code: the kit's code step (countdown from the server's expirySecond, resend at zero).
  const email = useCodeStep({
    emptyKey: 'otp_error_blank',
    fields: ['twoFactorCode'],
    resend: () => sendTwoFactorCode(returnUrl),
    check: (otp) =>
      loginTwoFactor({ returnUrl, codeReceiveMethod: 'email', twoFactorCode: otp, rememberMachine: remember }),
    onChecked: (result) => setNotice(done(result)),
    onError: (error) => expired(error),
  });

  // The code field has the focus whenever the method or the kind of code changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus on each choice
  useEffect(() => {
    if (method === 'authenticator') (useRecovery ? recoveryRef : totp.inputRef).current?.focus();
    if (method === 'app') appCode.inputRef.current?.focus();
  }, [method, useRecovery]);

  if (gone) return <RestartSignIn message={t('login_two_factor_expired')} />;

  const choose = (value: string) => {
    setMethod(value as LoginTwoFactorType['type']);
    totp.clear();
    appCode.clear();
    recoveryForm.form.clearErrors();
    recoveryForm.setAlert(null);
    setNotice(null);
  };
  const emailType = types.find((x) => x.type === 'email');
  const rememberBox = (
    <Checkbox
      label={t('login_two_factor_remember')}
      checked={remember}
      onChange={(e) => setRemember(e.currentTarget.checked)}
    />
  );
  const recoveryBox = (
    <Checkbox
      label={t('login_two_factor_use_recovery')}
      checked={useRecovery}
      onChange={(e) => {
        setUseRecovery(e.currentTarget.checked);
        totp.clear();
        recoveryForm.form.clearErrors();
        recoveryForm.setAlert(null);
      }}
    />
  );
  /** The code field of a typed code (authenticator, app), with the hint under its label. */
  const codeInput = (hint: string) => ({
    name: 'twoFactorCode',
    label: t('login_two_factor_code_label'),
    description: hint,
    classNames: { description: classes.description },
  });
  const back = !stepUp && onBack && (
    <Anchor component="button" type="button" fz="sm" onClick={onBack} disabled={leaving}>
      {t('login_two_factor_back')}
    </Anchor>
  );
  const verifyActions = (busy: boolean) => (
    <Stack gap="md">
      <Button type="submit" size="md" fullWidth loading={busy || leaving}>
        {t('login_two_factor_verify')}
      </Button>
      {back}
    </Stack>
  );

  return (
    <Stack gap="md" data-testid="login-two-factor">
      <Stack gap={4}>
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {t('login_two_factor_title')}
        </Title>
        <Text c="gray.7" fz="sm">
          {t(
            stepUp || owed.twoFactorReason === 'application'
              ? 'login_two_factor_step_up_intro'
              : 'login_two_factor_intro',
          )}
        </Text>
      </Stack>

      {types.length === 0 && (
        // Only a passkey was offered and this browser cannot answer with one (an in-app browser).
        <Stack gap="md">
          <Alert color="orange" variant="light" role="alert">
            {t('login_two_factor_none_here')}
          </Alert>
          {back}
        </Stack>
      )}

      <Radio.Group
        hidden={types.length === 0}
        label={t('login_two_factor_method')}
        value={method}
        onChange={choose}
        error={method ? undefined : t('please_select_method_receive_2fa_code')}
      >
        <Stack gap="xs" mt={6}>
          {types.map((type) => (
            <Radio
              key={type.type}
              value={type.type}
              label={tr(type.title)}
              description={type.value}
              classNames={{ description: classes.description }}
              data-testid={`two-factor-${type.type}`}
            />
          ))}
        </Stack>
      </Radio.Group>

      {method === 'authenticator' && !useRecovery && (
        <CodeStep
          step={totp}
          inputProps={codeInput(t('login_two_factor_authenticator_hint'))}
          after={
            <>
              {recoveryBox}
              {rememberBox}
            </>
          }
          actions={verifyActions(totp.checking)}
        />
      )}

      {method === 'authenticator' && useRecovery && (
        <form ref={recoveryForm.ref} onSubmit={(e) => void recoveryForm.submit(e)} noValidate>
          <Stack gap="md">
            <TextInput
              ref={recoveryRef}
              size="md"
              label={t('login_two_factor_recovery_label')}
              description={t('login_two_factor_recovery_hint')}
              classNames={{ description: classes.description }}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...recoveryForm.field('recoveryCode')}
            />
            {recoveryBox}
            {rememberBox}
            <FormAlert message={recoveryForm.alert} />
            {verifyActions(recoveryForm.busy)}
          </Stack>
        </form>
      )}

      {method === 'app' && (
        <CodeStep
          step={appCode}
          inputProps={codeInput(t('login_app_code_note'))}
          after={rememberBox}
          actions={verifyActions(appCode.checking)}
        />
      )}

      {method === 'prompt' && (
        <Stack gap="md">
          <Suspense fallback={null}>
            <PromptApproval
              key="prompt"
              username={username}
              returnUrl={returnUrl}
              onAnswer={(result) => done(result)}
              onGone={expired}
              rememberMachine={remember}
            />
          </Suspense>
          {rememberBox}
          {back}
        </Stack>
      )}

      {method === 'passkey' && (
        <PasskeyStep
          returnUrl={returnUrl}
          rememberMachine={remember}
          busy={leaving}
          onAnswer={done}
          onGone={expired}
          after={
            <>
              {rememberBox}
              {back}
            </>
          }
        />
      )}

      {method === 'email' && !email.sent && (
        <Stack gap="md">
          {emailType?.value && (
            <Text fz="sm" data-testid="two-factor-email-target">
              {t('login_two_factor_email_hint', { email: emailType.value })}
            </Text>
          )}
          <FormAlert message={email.alert} />
          <Button
            size="md"
            fullWidth
            leftSection={<Icon name="mail" size={18} />}
            loading={email.sending}
            onClick={() => void email.resend()}
          >
            {t('login_two_factor_send')}
          </Button>
          {back}
        </Stack>
      )}

      {method === 'email' && email.sent && (
        <CodeStep
          step={email}
          before={
            emailType?.value && <Text fz="sm">{t('login_two_factor_email_hint', { email: emailType.value })}</Text>
          }
          after={
            <>
              {rememberBox}
              <FormAlert message={notice} />
            </>
          }
          actions={verifyActions(email.checking)}
        />
      )}

      <CampaignHandOff popup={popup} onClose={() => setPopup(null)} />
    </Stack>
  );
}
