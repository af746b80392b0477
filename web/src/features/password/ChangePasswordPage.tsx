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
import {
  type ChangePasswordAnswer,
  changePasswordInput,
  type OtpType,
  type PasswordOtpMethod,
  setPasswordInput,
} from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { CodeStep } from '../../components/CodeStep';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { PasswordStrength } from '../../components/PasswordStrength';
import { namesField, useApiForm } from '../../components/useApiForm';
import { useCodeStep } from '../../components/useCodeStep';
import { postToHost } from '../../embed/bridge';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { changePassword, checkRequirePassword, getOtpMethods, setPassword } from './api';
import { changeOutcome, modeFor } from './logic';

const REQUIRE_PASSWORD_KEY = ['password', 'require-password'] as const;

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

const STEP1_FIELDS = ['currentpassword', 'newpassword', 'confirmnewpassword'] as const;
type Passwords = Record<(typeof STEP1_FIELDS)[number], string>;

function ChangePasswordForm({ embedded }: { embedded: boolean }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const methods = useQuery({ queryKey: ['password', 'otp-methods'], queryFn: getOtpMethods, retry: false });
  const methodList = methods.data ?? [];

  const [step, setStep] = useState<1 | 2>(1);
  const [otpType, setOtpType] = useState<OtpType | null>(null);
  const [logoutAll, setLogoutAll] = useState<'keep' | 'all'>('keep');
  const chosen: OtpType | null = otpType ?? methodList[0]?.type ?? null;
  // A new choice of method sends at once, before the state holding it is rendered.
  const sendTo = useRef<OtpType | null>(null);

  /** Empty otp: the server sends a code to the method (answer { times }), or is done. */
  const request = (values: Passwords, otp: string, type: OtpType | null) =>
    changePassword({ ...values, otp, OtpType: type ?? undefined, logoutAll: logoutAll === 'all' });

  const passwords = useApiForm<Passwords, ChangePasswordAnswer>({
    initialValues: { currentpassword: '', newpassword: '', confirmnewpassword: '' },
    schema: changePasswordInput(),
    input: (v) => ({ ...v, OtpType: chosen ?? undefined }),
    submit: (v) => request(v, '', chosen),
    onSuccess: (answer) => {
      const outcome = changeOutcome(answer);
      if (outcome.kind === 'done') return done();
      code.start(outcome.times);
      setStep(2);
    },
  });

  const code = useCodeStep({
    emptyKey: 'please_enter_otp_code',
    fields: ['OtpType'],
    resend: async () => {
      const outcome = changeOutcome(await request(passwords.values, '', sendTo.current ?? chosen));
      if (outcome.kind === 'done') return done();
      return outcome.times;
    },
    check: (otp) => request(passwords.values, otp, chosen),
    onChecked: (answer) => changeOutcome(answer).kind === 'done' && done(),
    // A wrong current password (or a refused new one) is fixed in step 1.
    onError: (err) => {
      if (!namesField(err, STEP1_FIELDS)) return false;
      passwords.show(err);
      setStep(1);
      return true;
    },
  });

  const reset = () => {
    setStep(1);
    passwords.reset();
    code.reset();
    setOtpType(null);
    sendTo.current = null;
    setLogoutAll('keep');
  };

  function done(): false {
    notifications.show({ color: 'teal', message: t('change_password_success') });
    if (embedded) postToHost(CHANGE_PASSWORD_MESSAGE);
    reset();
    return false;
  }

  if (step === 1) {
    return (
      <form ref={passwords.ref} onSubmit={(e) => void passwords.submit(e)} noValidate>
        <Stack gap="md">
          <PasswordInput
            {...passwords.field('currentpassword')}
            label={t('password_current_label')}
            autoComplete="current-password"
            size="md"
          />
          <Stack gap={8}>
            <PasswordInput
              {...passwords.field('newpassword')}
              label={t('password_new_label')}
              autoComplete="new-password"
              size="md"
            />
            <PasswordStrength value={passwords.values.newpassword.trim()} />
          </Stack>
          <PasswordInput
            {...passwords.field('confirmnewpassword')}
            label={t('password_confirm_label')}
            autoComplete="new-password"
            size="md"
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
          <FormAlert message={passwords.alert} />
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={passwords.busy} disabled={methods.isPending} miw={160}>
              {t('common_next')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <CodeStep
      step={code}
      before={
        <>
          <Text fz="sm">{t('change_password_code_intro')}</Text>
          <Radio.Group
            name="OtpType"
            label={t('login_otp_method_label')}
            value={chosen}
            error={code.errors.OtpType}
            onChange={(value) => {
              const type = value as OtpType;
              if (type === chosen) return;
              setOtpType(type);
              sendTo.current = type;
              code.setOtp('');
              void code.resend();
            }}
          >
            <Stack gap="xs" mt={6}>
              {methodList.map((m) => (
                <Radio
                  key={m.type}
                  value={m.type}
                  label={methodLabel(m, tr)}
                  disabled={code.sending || code.checking}
                />
              ))}
            </Stack>
          </Radio.Group>
        </>
      }
      after={
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
      }
      actions={
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" type="button" onClick={reset} disabled={code.checking}>
            {t('common_cancel')}
          </Button>
          <Button type="submit" size="md" loading={code.checking} miw={140}>
            {t('common_update')}
          </Button>
        </Group>
      }
    />
  );
}

function SetPasswordForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useApiForm({
    initialValues: { password: '', rePassword: '' },
    schema: setPasswordInput(),
    submit: (v) => setPassword({ password: v.password.trim(), rePassword: v.rePassword.trim() }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('set_password_success') });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: REQUIRE_PASSWORD_KEY });
    },
  });

  return (
    <form ref={form.ref} onSubmit={(e) => void form.submit(e)} noValidate>
      <Stack gap="md">
        <Stack gap={8}>
          <PasswordInput
            {...form.field('password')}
            label={t('password_new_label')}
            autoComplete="new-password"
            size="md"
          />
          <PasswordStrength value={form.values.password.trim()} />
        </Stack>
        <PasswordInput
          {...form.field('rePassword')}
          label={t('password_confirm_label')}
          autoComplete="new-password"
          size="md"
        />
        <FormAlert message={form.alert} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={form.busy} miw={160}>
            {t('set_password_title')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
