import { Alert, Anchor, Button, Group, PasswordInput, Radio, Stack, Text } from '@mantine/core';
import {
  type ChangePasswordAnswer,
  changePasswordInput,
  type OtpType,
  type PasswordOtpMethod,
} from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { CodeStep } from '../../components/CodeStep';
import { FormStack } from '../../components/FormStack';
import { Icon } from '../../components/Icon';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { namesField, useApiForm } from '../../components/useApiForm';
import { useCodeStep } from '../../components/useCodeStep';
import { postToHost, useEmbeddedRoute } from '../../embed';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { changePassword, getOtpMethods, getTwoStepEnabled, TWO_STEP_KEY } from './api';
import { changeOutcome } from './logic';

const methodLabel = (m: PasswordOtpMethod, tr: (key: string) => string): string =>
  m.value ? `${tr(m.staticKey)} (${m.value})` : tr(m.staticKey);

const STEP1_FIELDS = ['currentpassword', 'newpassword', 'confirmnewpassword'] as const;
type Passwords = Record<(typeof STEP1_FIELDS)[number], string>;

/**
 * Change password (spec §2 Change password page, §4): step 1 current, new and confirm, checked with
 * the endpoint's schema; the server sends a code, step 2 is the code step with the method choice
 * (a new choice sends there) and keep login / log out all devices.
 */
export function ChangePasswordForm() {
  const embedded = useEmbeddedRoute();
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const methods = useQuery({ queryKey: ['password', 'otp-methods'], queryFn: getOtpMethods, retry: false });
  const methodList = methods.data ?? [];

  const [step, setStep] = useState<1 | 2>(1);
  const [otpType, setOtpType] = useState<OtpType | null>(null);
  const [logoutAll, setLogoutAll] = useState<'keep' | 'all'>('keep');
  // Two-step off: the first submission changes the password at once (no code step), so the
  // "log out all devices" choice is asked there (server/src/features/password/service.ts).
  const twoStep = useQuery({ queryKey: TWO_STEP_KEY, queryFn: getTwoStepEnabled, retry: false });
  // What the person sees after the change, until they leave or start another (issue 34 point 4).
  const [finished, setFinished] = useState<{ othersSignedOut: boolean } | null>(null);
  const logoutChoice = (
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
  );
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
    if (embedded) postToHost('change_password_success');
    setFinished({ othersSignedOut: logoutAll === 'all' });
    reset();
    return false;
  }

  if (finished) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<Icon name="check" />}
        title={t('change_password_success')}
        role="status"
      >
        <Stack gap="sm">
          <Text fz="sm">
            {t(finished.othersSignedOut ? 'change_password_done_others_out' : 'change_password_done_others_kept')}
          </Text>
          <Group gap="sm">
            {!embedded && (
              <Button component={Link} to={to('/account')} size="sm">
                {t('common_go_account')}
              </Button>
            )}
            <Button variant="default" size="sm" onClick={() => setFinished(null)}>
              {t('change_password_again')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  if (step === 1) {
    return (
      <FormStack
        form={passwords}
        actions={
          <Group justify="flex-end">
            {/* Named by what the server will do: change at once (two-step off) or send a code first. */}
            <Button type="submit" size="md" loading={passwords.busy} disabled={methods.isPending} miw={160}>
              {twoStep.data === false ? t('change_password_submit') : t('common_next')}
            </Button>
          </Group>
        }
      >
        <PasswordInput
          {...passwords.field('currentpassword')}
          label={t('password_current_label')}
          autoComplete="current-password"
          size="md"
        />
        <NewPasswordFields
          password={passwords.field('newpassword')}
          repeat={passwords.field('confirmnewpassword')}
          labels={{ password: t('password_new_label'), repeat: t('password_confirm_label') }}
        />
        {!embedded && (
          <Group justify="flex-end" mt={-4}>
            <Anchor component={Link} to={to('/forgot-password')} fz="sm" fw={500}>
              {t('login_forgot_password')}
            </Anchor>
          </Group>
        )}
        {twoStep.data === false && logoutChoice}
        {methods.isError && (
          <Text c="red.7" fz="sm" role="alert">
            {errorText(methods.error, t)}
          </Text>
        )}
      </FormStack>
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
      after={logoutChoice}
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
