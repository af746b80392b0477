import { Button, Checkbox, Divider, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { passkeysEndpoints, type StepUpStatus, stepUpEndpoints, stepUpVerifyInput } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/client';
import { call } from '../api/endpoint';
import { looseT } from '../i18n/t';
import { answerWithPasskey, passkeyCancelled, passkeysSupported } from '../lib/passkeyCeremony';
import { AccountModal } from './AccountModal';
import { CodeStep } from './CodeStep';
import { FormStack } from './FormStack';
import { Icon } from './Icon';
import { QueryState } from './QueryState';
import { useApiForm } from './useApiForm';
import { useCodeStep } from './useCodeStep';

// The one step-up of the account pages (contracts/src/step-up.ts, issue 24 point 5): a change that
// decides how the account signs in or recovers answers step_up_required until a proof holds; the
// endpoint call (web/src/api/endpoint.ts) then asks this dialog and calls again once it is given.
// Loaded when a call first asks for it (StepUpHost.tsx, mounted with the modal host).

const STATUS_KEY = ['step-up-status'];
const status = () => call(stepUpEndpoints.status, {});
const verify = (method: (typeof stepUpVerifyInput.shape.method.options)[number], value: string) =>
  call(stepUpEndpoints.verify, { method, value });

export default function StepUpDialog({ onDone }: { onDone: (proven: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: STATUS_KEY, queryFn: status, gcTime: 0, staleTime: 0 });
  const answered = (next: StepUpStatus) => {
    if (next.proven) onDone(true);
    else queryClient.setQueryData(STATUS_KEY, next);
  };

  const proof = (data: StepUpStatus) => {
    if (data.next === 'second')
      return <SecondFactor status={data} onAnswer={answered} onCancel={() => onDone(false)} />;
    if (data.first === 'password') return <PasswordProof onAnswer={answered} onCancel={() => onDone(false)} />;
    return <CodeProof to={data.codeTo ?? ''} onAnswer={answered} onCancel={() => onDone(false)} />;
  };
  // A passkey gives the whole proof at once, where the account has one and the browser can answer.
  const body = (data: StepUpStatus) =>
    data.passkey && passkeysSupported() ? (
      <Stack gap="md">
        <PasskeyProof onAnswer={answered} />
        <Divider label={t('step_up_or')} labelPosition="center" />
        {proof(data)}
      </Stack>
    ) : (
      proof(data)
    );

  return (
    <AccountModal opened onClose={() => onDone(false)} title={t('step_up_title')}>
      <Stack gap="md">
        <Text fz="sm">{t(current.data?.next === 'second' ? 'step_up_second_intro' : 'step_up_intro')}</Text>
        <QueryState query={current}>{body}</QueryState>
      </Stack>
    </AccountModal>
  );
}

type StepProps = { onAnswer: (status: StepUpStatus) => void; onCancel: () => void };

function Actions({ busy, onCancel, submit }: { busy: boolean; onCancel: () => void; submit?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" type="button" onClick={onCancel} disabled={busy}>
        {t('common_cancel')}
      </Button>
      {submit !== false && (
        <Button type="submit" loading={busy} miw={120}>
          {t('step_up_continue')}
        </Button>
      )}
    </Group>
  );
}

/** The account's passkey in the browser's own dialog: a closed dialog says nothing, a refused one why. */
function PasskeyProof({ onAnswer }: Pick<StepProps, 'onAnswer'>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const use = async () => {
    setBusy(true);
    setAlert(null);
    try {
      const { options } = await call(passkeysEndpoints.stepUpOptions, {});
      onAnswer(await call(passkeysEndpoints.stepUp, { response: await answerWithPasskey(options) }));
    } catch (err) {
      if (!passkeyCancelled(err)) setAlert(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        size="md"
        leftSection={<Icon name="passkey" size={18} />}
        loading={busy}
        onClick={() => void use()}
      >
        {t('step_up_passkey')}
      </Button>
      {alert && (
        <Text c="red.8" fz="sm" role="alert">
          {alert}
        </Text>
      )}
    </Stack>
  );
}

function PasswordProof({ onAnswer, onCancel }: StepProps) {
  const { t } = useTranslation();
  const form = useApiForm({
    initialValues: { value: '' },
    schema: stepUpVerifyInput,
    input: (v) => ({ method: 'password' as const, value: v.value }),
    submit: (v) => verify('password', v.value),
    onSuccess: onAnswer,
  });
  return (
    <FormStack form={form} actions={<Actions busy={form.busy} onCancel={onCancel} />}>
      <PasswordInput
        {...form.field('value')}
        label={t('step_up_password_label')}
        autoComplete="current-password"
        size="md"
        data-autofocus
      />
    </FormStack>
  );
}

/** A code: to the primary address (an account without a password) or the second step's e-mail. */
function SentCode({ method, intro, onAnswer, onCancel }: StepProps & { method: 'code' | 'email'; intro: ReactNode }) {
  const { t } = useTranslation();
  const code = useCodeStep({
    emptyKey: 'otp_error_blank',
    codeField: 'value',
    notifyResend: false,
    resend: () => call(stepUpEndpoints.sendCode, { method }),
    check: (otp) => verify(method, otp),
    onChecked: onAnswer,
  });
  if (!code.sent)
    return (
      <Stack gap="md">
        {intro}
        {code.alert && (
          <Text c="red.8" fz="sm" role="alert">
            {code.alert}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={code.sending}>
            {t('common_cancel')}
          </Button>
          <Button loading={code.sending} onClick={() => void code.resend()} data-autofocus>
            {t('step_up_send_code')}
          </Button>
        </Group>
      </Stack>
    );
  return <CodeStep step={code} before={intro} actions={<Actions busy={code.checking} onCancel={onCancel} />} />;
}

function CodeProof({ to, ...props }: StepProps & { to: string }) {
  const { t } = useTranslation();
  return <SentCode method="code" intro={<Text fz="sm">{t('step_up_code_intro', { to })}</Text>} {...props} />;
}

function SecondFactor({ status: { secondFactors }, onAnswer, onCancel }: StepProps & { status: StepUpStatus }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const [method, setMethod] = useState(secondFactors[0]?.type ?? 'authenticator');
  const [useRecovery, setUseRecovery] = useState(false);
  const totp = useCodeStep({
    emptyKey: 'please_enter_code_2fa_code',
    codeField: 'value',
    check: (otp) => verify('authenticator', otp),
    onChecked: onAnswer,
  });
  const recovery = useApiForm({
    initialValues: { value: '' },
    schema: stepUpVerifyInput,
    input: (v) => ({ method: 'recovery_code' as const, value: v.value }),
    submit: (v) => verify('recovery_code', v.value),
    onSuccess: onAnswer,
  });
  const email = secondFactors.find((f) => f.type === 'email');
  const recoveryBox = (
    <Checkbox
      label={t('login_two_factor_use_recovery')}
      checked={useRecovery}
      onChange={(e) => setUseRecovery(e.currentTarget.checked)}
    />
  );

  return (
    <Stack gap="md">
      {secondFactors.length > 1 && (
        <Radio.Group
          label={t('login_two_factor_method')}
          value={method}
          onChange={(v) => setMethod(v as typeof method)}
        >
          <Stack gap="xs" mt={6}>
            {secondFactors.map((f) => (
              <Radio key={f.type} value={f.type} label={tr(f.title)} description={f.value} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {method === 'authenticator' && !useRecovery && (
        <CodeStep
          step={totp}
          inputProps={{
            label: t('login_two_factor_code_label'),
            description: t('login_two_factor_authenticator_hint'),
            'data-autofocus': true,
          }}
          after={recoveryBox}
          actions={<Actions busy={totp.checking} onCancel={onCancel} />}
        />
      )}
      {method === 'authenticator' && useRecovery && (
        <FormStack form={recovery} actions={<Actions busy={recovery.busy} onCancel={onCancel} />}>
          <TextInput
            {...recovery.field('value')}
            label={t('login_two_factor_recovery_label')}
            description={t('login_two_factor_recovery_hint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            size="md"
            data-autofocus
          />
          {recoveryBox}
        </FormStack>
      )}
      {method === 'email' && (
        <SentCode
          method="email"
          intro={email?.value && <Text fz="sm">{t('login_two_factor_email_hint', { email: email.value })}</Text>}
          onAnswer={onAnswer}
          onCancel={onCancel}
        />
      )}
    </Stack>
  );
}
