import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type OtpType, otpForSubmit, type PasswordOtpMethod } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { Countdown } from '../../components/Countdown';
import { Icon } from '../../components/Icon';
import { OtpInput } from '../../components/OtpInput';
import { PasswordStrength } from '../../components/PasswordStrength';
import { postToHost } from '../../embed/bridge';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { focusFirstError, splitApiError, translateKeys, withoutErrors } from '../../lib/formErrors';
import { firstErrors } from '../register/logic';
import { changePassword, checkRequirePassword, getOtpMethods, setPassword } from './api';
import { changeOutcome, changeStep1Errors, changeStep2Errors, modeFor, setPasswordErrors } from './logic';

const REQUIRE_PASSWORD_KEY = ['password', 'require-password'] as const;
const STEP1_FIELDS = ['currentpassword', 'newpassword', 'confirmnewpassword'] as const;

/** Host message after a change in the embedded page. */
export const CHANGE_PASSWORD_MESSAGE = 'change_password_success';

export interface ChangePasswordPageProps {
  /** /change-password inside the mobile app: no forgot-password link, the host is told of success. */
  embedded?: boolean;
}

/**
 * Change password (spec §2 Change password page, §4, §5): step 1 current password (hidden for
 * accounts that need none: the set-password mode), new and confirm with the guide and meter,
 * forgot-password link (not embedded, not in set mode), next; step 2 when the server asks for a
 * code: where to receive it, the code with countdown and resend, keep login / log out all
 * devices, update and cancel. /security/change-password, /change-password (embedded) and
 * /security/set-password all render it; the server's answer picks the mode.
 */
export function ChangePasswordPage({ embedded = false }: ChangePasswordPageProps) {
  const { t } = useTranslation();
  const require = useQuery({ queryKey: REQUIRE_PASSWORD_KEY, queryFn: checkRequirePassword, retry: false });
  const mode = modeFor(require.data);
  usePageTitle(require.isSuccess && mode === 'set' ? 'set_password_title' : 'change_password_title');

  let body: ReactNode;
  if (require.isPending) {
    body = (
      <Center py="xl" role="status" aria-label={t('app_loading')}>
        <Loader type="dots" />
      </Center>
    );
  } else if (require.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
        {errorText(require.error, t)}
      </Alert>
    );
  } else if (mode === 'set') {
    body = <SetPasswordForm />;
  } else {
    body = <ChangePasswordForm embedded={embedded} />;
  }

  const title = require.isSuccess && mode === 'set' ? t('set_password_title') : t('change_password_title');
  const intro = require.isSuccess && mode === 'set' ? t('set_password_intro') : t('change_password_intro');

  return (
    <Box maw={560} mx={embedded ? undefined : 'auto'} w="100%">
      <Paper withBorder={!embedded} radius="lg" p={embedded ? 0 : { base: 'lg', sm: 'xl' }} bg="white">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>
            <Text c="dimmed" fz="sm">
              {intro}
            </Text>
          </Stack>
          {body}
        </Stack>
      </Paper>
    </Box>
  );
}

export default ChangePasswordPage;

/** /change-password: the embedded variant. */
export function EmbeddedChangePasswordPage() {
  return <ChangePasswordPage embedded />;
}

const methodLabel = (m: PasswordOtpMethod, tr: (key: string) => string): string =>
  m.value ? `${tr(m.staticKey)} (${m.value})` : tr(m.staticKey);

function ChangePasswordForm({ embedded }: { embedded: boolean }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const methods = useQuery({ queryKey: ['password', 'otp-methods'], queryFn: getOtpMethods, retry: false });
  const methodList = methods.data ?? [];

  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState({ currentpassword: '', newpassword: '', confirmnewpassword: '' });
  const [otpType, setOtpType] = useState<OtpType | null>(null);
  const [otp, setOtp] = useState('');
  const [logoutAll, setLogoutAll] = useState<'keep' | 'all'>('keep');
  const [times, setTimes] = useState(0);
  const [sends, setSends] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<'next' | 'send' | 'update' | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);

  const chosen: OtpType | null = otpType ?? methodList[0]?.type ?? null;

  useEffect(() => {
    if (step === 2) otpRef.current?.focus();
  }, [step]);

  const set = (patch: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => withoutErrors(e, Object.keys(patch)));
  };

  const reset = () => {
    setStep(1);
    setValues({ currentpassword: '', newpassword: '', confirmnewpassword: '' });
    setOtp('');
    setOtpType(null);
    setLogoutAll('keep');
    setErrors({});
    setAlert(null);
  };

  const done = () => {
    notifications.show({ color: 'teal', message: t('change_password_success') });
    if (embedded) postToHost(CHANGE_PASSWORD_MESSAGE);
    reset();
  };

  const fail = (err: unknown, fields: readonly string[]) => {
    const split = splitApiError(err, fields, tr);
    setErrors(split.fields);
    setAlert(split.alert);
    // A wrong current password (or a refused new one) is fixed in step 1.
    if (Object.keys(split.fields).some((f) => (STEP1_FIELDS as readonly string[]).includes(f))) setStep(1);
  };

  /** First submission (empty otp): the server sends a code to the chosen method, or is done. */
  const requestCode = async (type: OtpType | null, kind: 'next' | 'send') => {
    setErrors({});
    setAlert(null);
    if (!type) {
      setAlert(t('please_select_method_receive_2fa_code'));
      return;
    }
    setBusy(kind);
    try {
      const answer = await changePassword({ ...values, otp: '', OtpType: type, logoutAll: logoutAll === 'all' });
      const outcome = changeOutcome(answer);
      if (outcome.kind === 'done') {
        done();
        return;
      }
      setTimes(outcome.times);
      setSends((s) => s + 1);
      setStep(2);
      if (kind === 'send') notifications.show({ color: 'teal', message: t('code_has_been_sent') });
    } catch (err) {
      fail(err, [...STEP1_FIELDS, 'OtpType']);
    } finally {
      setBusy(null);
    }
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const invalid = firstErrors(changeStep1Errors(values));
    if (Object.keys(invalid).length > 0) {
      setAlert(null);
      setErrors(translateKeys(invalid, tr));
      focusFirstError(form.current, STEP1_FIELDS, invalid);
      return;
    }
    void requestCode(chosen, 'next');
  };

  const update = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const invalid = firstErrors(changeStep2Errors({ otpType: chosen, otp }));
    if (Object.keys(invalid).length > 0) {
      setErrors(translateKeys(invalid, tr));
      if (invalid.otp) otpRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy('update');
    try {
      const answer = await changePassword({
        ...values,
        otp: otpForSubmit(otp),
        OtpType: chosen ?? undefined,
        logoutAll: logoutAll === 'all',
      });
      if (changeOutcome(answer).kind === 'done') done();
    } catch (err) {
      fail(err, [...STEP1_FIELDS, 'otp', 'OtpType']);
    } finally {
      setBusy(null);
    }
  };

  const alertBox = alert && (
    <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
      {alert}
    </Alert>
  );

  if (step === 1) {
    return (
      <form ref={form} onSubmit={next} noValidate>
        <Stack gap="md">
          <PasswordInput
            name="currentpassword"
            label={t('password_current_label')}
            autoComplete="current-password"
            size="md"
            value={values.currentpassword}
            onChange={(e) => set({ currentpassword: e.currentTarget.value })}
            error={errors.currentpassword}
          />
          <Stack gap={8}>
            <PasswordInput
              name="newpassword"
              label={t('password_new_label')}
              autoComplete="new-password"
              size="md"
              value={values.newpassword}
              onChange={(e) => set({ newpassword: e.currentTarget.value })}
              error={errors.newpassword}
            />
            <PasswordStrength value={values.newpassword.trim()} />
          </Stack>
          <PasswordInput
            name="confirmnewpassword"
            label={t('password_confirm_label')}
            autoComplete="new-password"
            size="md"
            value={values.confirmnewpassword}
            onChange={(e) => set({ confirmnewpassword: e.currentTarget.value })}
            error={errors.confirmnewpassword}
          />
          {!embedded && (
            <Group justify="flex-end" mt={-4}>
              <Anchor component={Link} to={to('/forgot-password')} fz="sm" fw={500}>
                {t('login_forgot_password')}
              </Anchor>
            </Group>
          )}
          {methods.isError && (
            <Text c="red.7" fz="sm" role="alert">
              {errorText(methods.error, t)}
            </Text>
          )}
          {alertBox}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={busy === 'next'} disabled={methods.isPending} miw={160}>
              {t('common_next')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={(e) => void update(e)} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t('change_password_code_intro')}</Text>
        <Radio.Group
          name="OtpType"
          label={t('login_otp_method_label')}
          value={chosen}
          error={errors.OtpType}
          onChange={(value) => {
            const type = value as OtpType;
            if (type === chosen) return;
            setOtpType(type);
            setOtp('');
            void requestCode(type, 'send');
          }}
        >
          <Stack gap="xs" mt={6}>
            {methodList.map((m) => (
              <Radio key={m.type} value={m.type} label={methodLabel(m, tr)} disabled={busy !== null} />
            ))}
          </Stack>
        </Radio.Group>
        <OtpInput
          ref={otpRef}
          value={otp}
          onChange={(value) => {
            setOtp(value);
            setErrors((e) => withoutErrors(e, ['otp']));
          }}
          error={errors.otp}
        />
        <Countdown
          seconds={times}
          restartKey={sends}
          onResend={() => void requestCode(chosen, 'send')}
          busy={busy === 'send'}
        />
        <Radio.Group
          name="logoutAll"
          label={t('change_password_after')}
          value={logoutAll}
          onChange={(value) => setLogoutAll(value === 'all' ? 'all' : 'keep')}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="keep" label={t('change_password_keep_login')} />
            <Radio value="all" label={t('change_password_logout_all')} />
          </Stack>
        </Radio.Group>
        {alertBox}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" type="button" onClick={reset} disabled={busy === 'update'}>
            {t('common_cancel')}
          </Button>
          <Button type="submit" size="md" loading={busy === 'update'} miw={140}>
            {t('common_update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SetPasswordForm() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ password: '', rePassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const invalid = firstErrors(setPasswordErrors(values));
    if (Object.keys(invalid).length > 0) {
      setErrors(translateKeys(invalid, tr));
      focusFirstError(form.current, ['password', 'rePassword'], invalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await setPassword({ password: values.password.trim(), rePassword: values.rePassword.trim() });
      notifications.show({ color: 'teal', message: t('set_password_success') });
      setValues({ password: '', rePassword: '' });
      await queryClient.invalidateQueries({ queryKey: REQUIRE_PASSWORD_KEY });
    } catch (err) {
      const split = splitApiError(err, ['password', 'rePassword'], tr);
      setErrors(split.fields);
      setAlert(split.alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Stack gap={8}>
          <PasswordInput
            name="password"
            label={t('password_new_label')}
            autoComplete="new-password"
            size="md"
            value={values.password}
            onChange={(e) => {
              setValues((v) => ({ ...v, password: e.currentTarget.value }));
              setErrors((errs) => withoutErrors(errs, ['password']));
            }}
            error={errors.password}
          />
          <PasswordStrength value={values.password.trim()} />
        </Stack>
        <PasswordInput
          name="rePassword"
          label={t('password_confirm_label')}
          autoComplete="new-password"
          size="md"
          value={values.rePassword}
          onChange={(e) => {
            setValues((v) => ({ ...v, rePassword: e.currentTarget.value }));
            setErrors((errs) => withoutErrors(errs, ['rePassword']));
          }}
          error={errors.rePassword}
        />
        {alert && (
          <Alert color="red" variant="light" role="alert" icon={<Icon name="info" />}>
            {alert}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={busy} miw={160}>
            {t('set_password_title')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
