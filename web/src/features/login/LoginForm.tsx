import { Alert, Anchor, Group, Stack, Tabs } from '@mantine/core';
import {
  type InteractionDetails,
  type LoginAnswer,
  loginByOtpInput,
  loginInput,
  normalizeLoginName,
  PROVIDER_NAMES,
  type SocialProvider,
  sendLoginOtpInput,
} from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import classes from '../../components/auth.module.css';
import { Icon } from '../../components/Icon';
import { SocialButtons, type SocialProof } from '../../components/SocialButtons';
import { useApiForm } from '../../components/useApiForm';
import { useCaptchaOnDemand } from '../../components/useCaptchaOnDemand';
import { sentSeconds, useCodeStep } from '../../components/useCodeStep';
import { useLocale } from '../../hooks/useLocale';
import { useMounted } from '../../hooks/useMounted';
import { looseT } from '../../i18n/t';
import { login, loginByOtp, loginCheck, otpSupport, sendLoginOtp } from './api';
import { CampaignHandOff, type CampaignHandOffState } from './CampaignHandOff';
import { externalDetails, externalLogin, externalPending, zaloStart } from './externalApi';
import { visitorId } from './fingerprint';
import { AccountChip, LoginAccountStep, LoginOtpPanel, LoginPasswordPanel, MethodTabList } from './LoginPanels';
import {
  actionForAnswer,
  afterLoginCheck,
  isSessionExpired,
  type LoginMethod,
  type LoginQuery,
  withExternal,
  withoutCredentials,
} from './logic';
import { clearLoginInfo, readLoginInfo, saveLoginInfo } from './loginInfo';
import type { ActiveQr } from './QrLogin';
import { RestartSignIn } from './RestartSignIn';
import { asksTwoFactorStep } from './twoFactorApi';

// Shown only after a sign-in (the missing-details form with the password meter, the campaign popup
// with DOMPurify): their own chunks, not part of the form's first load (bench/README.md).
const UpdateInfoForm = lazy(() => import('../register').then((m) => ({ default: m.UpdateInfoForm })));
// The QR mode and the approval on a signed-in device: only when chosen.
const QrLogin = lazy(() => import('./QrLogin').then((m) => ({ default: m.QrLogin })));
const PromptApproval = lazy(() => import('./PromptApproval').then((m) => ({ default: m.PromptApproval })));
// Passkeys (WebAuthn): their own chunk, loaded as step 1 shows.
const PasskeyLogin = lazy(() => import('./PasskeyLogin').then((m) => ({ default: m.PasskeyLogin })));
// Login step 3: only accounts with two-step (or a step-up) need it.
const LoginTwoFactor = lazy(() => import('./LoginTwoFactor').then((m) => ({ default: m.LoginTwoFactor })));

/**
 * Steps 1 and 2 of the login page (spec §2): the account, then password or one-time code.
 * Every successful answer goes through one place (`finish`), whatever the method.
 */
export function LoginForm({
  details,
  query,
  onOwnStep,
}: {
  details: InteractionDetails;
  query: LoginQuery;
  /** True while a step of its own shows (two-step, update-info): the page then drops the sign-in / register tabs. */
  onOwnStep?: (own: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const tr = looseT(t);
  const navigate = useNavigate();
  const location = useLocation();
  const { to } = useLocale();
  const mounted = useMounted();

  const [step, setStep] = useState<1 | 2>(1);
  const [method, setMethod] = useState<LoginMethod>('password');
  const [otpType, setOtpType] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [expired, setExpired] = useState(false);
  const [popup, setPopup] = useState<CampaignHandOffState | null>(null);
  // isRegister: the login tab becomes the update-info form (spec §2, §4).
  const [registerAnswer, setRegisterAnswer] = useState<LoginAnswer | null>(null);
  // Step 3 (LoginTwoFactor.tsx): an answer asking for it, or 'resume' (a step-up, a reload, after a reset).
  const [twoFactor, setTwoFactor] = useState<LoginAnswer | 'resume' | null>(() =>
    details.stepUp || asksTwoFactorStep(location.search) ? 'resume' : null,
  );
  // Shown once the check says isErrorMulti or a call asks for it; the page's alert says why.
  const captcha = useCaptchaOnDemand({ quiet: true });
  // A provider's sign-in (issue 25): the one under way, the account its e-mail names (sign in to
  // it to link the provider), and whether update-info finishes a sign-in through a provider.
  const [social, setSocial] = useState<SocialProvider | null>(null);
  const [linkProof, setLinkProof] = useState<LoginAnswer['linkProof'] | null>(null);
  const [externalSignUp, setExternalSignUp] = useState(false);
  // QR mode (spec §2 step 4, §4): the code on screen survives switching back and forth.
  const [mode, setMode] = useState<'normal' | 'qr'>('normal');
  const [activeQr, setActiveQr] = useState<ActiveQr | null>(null);

  /** A failed call: the sign-in is gone (start again), or its message is shown. */
  const gone = (err: unknown): boolean => {
    captcha.settle(err);
    if (!isSessionExpired(err)) return false;
    setExpired(true);
    return true;
  };

  /** One completion for every method: campaign, register, two-factor, or the redirect URL; else a message. */
  const finish = (answer: LoginAnswer | null | undefined): string | null => {
    const action = actionForAnswer(answer, to('/'));
    if (action.kind !== 'failed') clearLoginInfo();
    switch (action.kind) {
      case 'redirect':
      case 'campaign-url':
        setLeaving(true);
        window.location.assign(action.url);
        return null;
      case 'campaign-popup':
        setLeaving(true);
        setPopup({ html: action.html, next: action.next });
        return null;
      case 'register':
        if (answer) setRegisterAnswer(answer);
        return null;
      case 'two-factor':
        if (answer) setTwoFactor(answer);
        return null;
      default:
        return tr(action.messageKey);
    }
  };

  // ---- Step 1: the account (the same rule as every login call's username) ------------------------
  const account = useApiForm({
    initialValues: { username: query.username || details.loginHint || '' },
    schema: sendLoginOtpInput,
    submit: (v) => loginCheck(v.username.trim()),
    onSuccess: (answer) => {
      const next = afterLoginCheck(answer);
      if (next.captcha) captcha.require();
      setMethod(next.method);
      setStep(2);
    },
    onError: gone,
  });
  // Read from the form's store, not a render: the auto-login submits before any re-render.
  const username = () => account.form.getValues().username.trim();

  // ---- Step 1: Google, Facebook, Zalo ----------------------------------------------------------
  /** A provider's answer: its account's own sign-in links it, a new account fills update-info, else on as any sign-in. */
  const afterProvider = (answer: LoginAnswer) => {
    if (answer.linkProof) {
      setLinkProof(answer.linkProof);
      account.form.setValues({ username: answer.linkProof.username });
      setMethod('password');
      setStep(2);
      return;
    }
    if (answer.isRegister) {
      setExternalSignUp(true);
      // A reload finds the update-info step again (the pending call below).
      navigate({ pathname: location.pathname, search: withExternal(location.search) }, { replace: true });
    }
    account.setAlert(finish(answer));
  };
  const providerFailed = (err: unknown) => {
    setSocial(null);
    if (!gone(err)) account.setAlert(errorText(err, t));
  };
  const withProvider = (proof: SocialProof) => {
    setSocial(proof.provider);
    account.setAlert(null);
    externalLogin(proof, query.returnUrl, query.campaignId).then((answer) => {
      setSocial(null);
      afterProvider(answer);
    }, providerFailed);
  };
  const withZalo = () => {
    setSocial('zalo');
    zaloStart(query.returnUrl, query.campaignId).then(({ url }) => window.location.assign(url), providerFailed);
  };
  // Back from Zalo's callback, or a reload during update-info: what the provider's sign-in left owed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the query the page opened with
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    // Only a message of the catalogue (the loaded one: the contracts' isMessageKey would bring both
    // languages' catalogues into the page): the address bar is anyone's to write.
    const failed = search.get('externalError');
    if (failed) account.setAlert(tr(i18n.exists(failed) ? failed : 'login_invalid_external_info'));
    if (!search.get('external')) return;
    externalPending(query.returnUrl).then((pending) => {
      if (pending.step !== 'details') return;
      setExternalSignUp(true);
      setRegisterAnswer(pending.answer);
    }, gone);
  }, []);

  // ---- Step 2: password ------------------------------------------------------------------------
  const passwordInput = (password: string) => ({
    username: username(),
    password,
    returnUrl: query.returnUrl,
    captcha: captcha.answer,
    visistorId: visitorId(),
    rememberMachine: true,
  });
  const password = useApiForm({
    initialValues: { password: '' },
    schema: loginInput,
    input: (v) => passwordInput(v.password),
    before: () => captcha.ready(),
    submit: (v) => login(loginInput.parse(passwordInput(v.password)), query.campaignId),
    onSuccess: (answer) => {
      password.setAlert(finish(answer));
    },
    onError: gone,
  });

  // ---- Step 2: one-time code ------------------------------------------------------------------
  const methods = useQuery({
    queryKey: ['otp-support', normalizeLoginName(username()).value],
    queryFn: () => otpSupport(username()),
    enabled: step === 2 && method === 'otp',
    staleTime: 60_000,
    retry: false,
  });
  const chosenType = otpType ?? methods.data?.[0]?.type ?? null;
  const code = useCodeStep({
    emptyKey: 'otp_error_blank',
    captcha,
    notifyResend: false,
    resend: async (answer) => {
      const sent = await sendLoginOtp(username(), answer);
      // Spec §3 login info: a reload opens this step again with the countdown left.
      saveLoginInfo({
        username: username(),
        otpType: chosenType ?? undefined,
        times: Date.now() + sentSeconds(sent) * 1000,
      });
      return sent;
    },
    check: (otp) =>
      loginByOtp(
        loginByOtpInput.parse({
          username: username(),
          otp,
          rememberMachine: true,
          returnUrl: query.returnUrl,
          otpType: chosenType ?? undefined,
          captcha: captcha.answer,
        }),
      ),
    onChecked: (answer) => {
      code.setAlert(finish(answer));
    },
    onError: (err, during) => {
      // Spec §4: a failed send still counts as sent (the user may already have a code).
      if (during === 'resend') code.start(0);
      return gone(err);
    },
  });

  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (step === 1) usernameRef.current?.focus();
    else if (method === 'password') passwordRef.current?.focus();
  }, [step, method]);

  const backToStep1 = () => {
    clearLoginInfo();
    setStep(1);
    setLinkProof(null);
    password.reset();
    code.reset();
    setOtpType(null);
  };

  // A code sent before a reload (spec §3 login info): the code step again, with the countdown
  // left, unless the page was opened for another name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    const info = readLoginInfo();
    if (
      !info ||
      (query.username && normalizeLoginName(query.username).value !== normalizeLoginName(info.username).value)
    )
      return;
    account.form.setValues({ username: info.username });
    if (info.otpType) setOtpType(info.otpType);
    setMethod('otp');
    setStep(2);
    code.start(Math.max(0, Math.ceil((info.times - Date.now()) / 1000)));
  }, []);

  // Auto-login: username and password in the query sign in at once, and leave the URL.
  const autoLogin = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first render's query
  useEffect(() => {
    if (autoLogin.current || !query.username || !query.password) return;
    autoLogin.current = true;
    account.form.setValues({ username: query.username });
    password.form.setValues({ password: query.password });
    navigate(
      { pathname: location.pathname, search: withoutCredentials(new URLSearchParams(location.search)) },
      { replace: true },
    );
    setMethod('password');
    setStep(2);
    void password.submit();
  }, []);

  const ownStep = Boolean(twoFactor || registerAnswer);
  useEffect(() => onOwnStep?.(ownStep), [ownStep, onOwnStep]);

  if (expired) return <RestartSignIn message={t('login_session_expired')} />;
  if (registerAnswer)
    return (
      <Suspense fallback={null}>
        <UpdateInfoForm
          answer={registerAnswer}
          signIn={
            externalSignUp
              ? {
                  save: (details) => externalDetails({ ...details, returnUrl: query.returnUrl }),
                  skip: () => externalDetails({ returnUrl: query.returnUrl, skip: true }),
                  done: (answer) => {
                    setRegisterAnswer(null);
                    account.setAlert(finish(answer));
                  },
                }
              : undefined
          }
        />
      </Suspense>
    );
  if (twoFactor)
    return (
      <Suspense fallback={null}>
        <LoginTwoFactor
          answer={twoFactor === 'resume' ? null : twoFactor}
          returnUrl={query.returnUrl}
          stepUp={details.stepUp}
          username={username() || undefined}
          onBack={() => {
            setTwoFactor(null);
            backToStep1();
          }}
        />
      </Suspense>
    );

  // The mode switch (spec §2): the normal steps or the QR code a signed-in phone scans.
  const modeSwitch = (
    <Anchor
      component="button"
      type="button"
      fz="sm"
      fw={600}
      ta="center"
      onClick={() => setMode(mode === 'qr' ? 'normal' : 'qr')}
      data-testid="login-mode-switch"
    >
      <Group gap={6} justify="center" component="span">
        <Icon name={mode === 'qr' ? 'user' : 'qr'} size={16} />
        {t(mode === 'qr' ? 'login_mode_normal' : 'login_mode_qr')}
      </Group>
    </Anchor>
  );
  if (mode === 'qr')
    return (
      <Stack gap="lg">
        <Suspense fallback={null}>
          <QrLogin
            returnUrl={query.returnUrl}
            active={activeQr}
            onActive={setActiveQr}
            onAnswer={finish}
            onGone={() => setExpired(true)}
          />
        </Suspense>
        {modeSwitch}
        <CampaignHandOff popup={popup} onClose={() => setPopup(null)} />
      </Stack>
    );

  if (step === 1)
    return (
      <Stack gap="lg">
        <LoginAccountStep form={account} inputRef={usernameRef} />
        {mounted && (
          <Suspense fallback={null}>
            <PasskeyLogin
              returnUrl={query.returnUrl}
              campaignId={query.campaignId}
              onAnswer={finish}
              onMessage={account.setAlert}
              onGone={gone}
            />
          </Suspense>
        )}
        <SocialButtons
          divider
          busy={social}
          onProof={withProvider}
          onZalo={withZalo}
          onCancel={(provider) => {
            setSocial(null);
            account.setAlert(t('login_external_cancelled', { provider: PROVIDER_NAMES[provider] }));
          }}
        />
        {modeSwitch}
      </Stack>
    );

  return (
    <Stack gap="md">
      {linkProof && (
        <Alert
          color="blue"
          variant="light"
          title={t('login_link_proof_title', { provider: PROVIDER_NAMES[linkProof.provider] })}
        >
          {t('login_link_proof_text', { username: linkProof.username, provider: PROVIDER_NAMES[linkProof.provider] })}
        </Alert>
      )}
      <AccountChip username={username()} onChange={backToStep1} />
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
          if (value !== 'password' && value !== 'otp' && value !== 'prompt') return;
          setMethod(value);
          captcha.settle(); // the widget remounts with the panel
          password.form.clearErrors();
          password.setAlert(null);
          code.clear();
        }}
      >
        <MethodTabList />
        <Tabs.Panel value="password" pt="md">
          <LoginPasswordPanel
            form={password}
            passwordRef={passwordRef}
            username={username()}
            returnUrl={query.returnUrl}
            captcha={captcha.field}
            leaving={leaving}
          />
        </Tabs.Panel>
        <Tabs.Panel value="otp" pt="md">
          <LoginOtpPanel
            code={code}
            methods={methods}
            chosenType={chosenType}
            onOtpType={setOtpType}
            // The address the person just typed, shown whole above it in the chip: nothing to hide.
            target={normalizeLoginName(username()).value}
            leaving={leaving}
          />
        </Tabs.Panel>
        <Tabs.Panel value="prompt" pt="md">
          <Suspense fallback={null}>
            {/* A request only on a press: coming back to the tab sends nothing more to the phone. */}
            <PromptApproval
              username={username()}
              returnUrl={query.returnUrl}
              onAnswer={finish}
              onGone={gone}
              autoStart={false}
            />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      {modeSwitch}
      <CampaignHandOff popup={popup} onClose={() => setPopup(null)} />
    </Stack>
  );
}
