import { Button, Group, Text } from '@mantine/core';
import { setPasswordInput } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeStep } from '../../components/CodeStep';
import { FormStack } from '../../components/FormStack';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { namesField, useApiForm } from '../../components/useApiForm';
import { useCodeStep } from '../../components/useCodeStep';
import { postToHost, useEmbeddedRoute } from '../../embed';
import { notifyDone } from '../../lib/notify';
import { getOtpMethods, REQUIRE_PASSWORD_KEY, setPassword } from './api';
import { changeOutcome } from './logic';

type Pair = { newpassword: string; confirmnewpassword: string };

/**
 * Set a first password (spec §2 set-password mode, §5 "same rules without the current password",
 * §7 set first password): the new pair, then the code step, as change-password has it; the code
 * goes to the account's confirmed primary e-mail (else phone) and is the proof a token alone lacks.
 */
export function SetPasswordForm() {
  const embedded = useEmbeddedRoute();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const methods = useQuery({ queryKey: ['password', 'otp-methods'], queryFn: getOtpMethods, retry: false });
  const to = methods.data?.find((m) => m.type === 'email' || m.type === 'phone');
  const [step, setStep] = useState<1 | 2>(1);

  const request = (values: Pair, otp: string) => setPassword({ ...values, otp });
  const pair = useApiForm<Pair, Awaited<ReturnType<typeof setPassword>>>({
    initialValues: { newpassword: '', confirmnewpassword: '' },
    schema: setPasswordInput(),
    submit: (v) => request(v, ''),
    onSuccess: (answer) => {
      const outcome = changeOutcome(answer);
      if (outcome.kind === 'done') return void done();
      code.start(outcome.times);
      setStep(2);
    },
  });
  const code = useCodeStep({
    emptyKey: 'please_enter_otp_code',
    resend: async () => {
      const outcome = changeOutcome(await request(pair.values, ''));
      return outcome.kind === 'code' ? outcome.times : 0;
    },
    check: (otp) => request(pair.values, otp),
    onChecked: (answer) => changeOutcome(answer).kind === 'done' && done(),
    // A refused new password is fixed in step 1.
    onError: (err) => {
      if (!namesField(err, ['newpassword', 'confirmnewpassword'])) return false;
      pair.show(err);
      setStep(1);
      return true;
    },
  });

  async function done() {
    notifyDone(t('set_password_success'));
    if (embedded) postToHost('change_password_success');
    pair.reset();
    code.reset();
    setStep(1);
    // The page turns into change-password: the account has a password now.
    await queryClient.invalidateQueries({ queryKey: REQUIRE_PASSWORD_KEY });
  }

  if (step === 2)
    return (
      <CodeStep
        step={code}
        before={<Text fz="sm">{t('set_password_code_intro', { target: to?.value ?? '' })}</Text>}
        actions={
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" type="button" onClick={() => setStep(1)} disabled={code.checking}>
              {t('common_cancel')}
            </Button>
            <Button type="submit" size="md" loading={code.checking} miw={140}>
              {t('set_password_title')}
            </Button>
          </Group>
        }
      />
    );

  return (
    <FormStack
      form={pair}
      actions={
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={pair.busy} miw={160}>
            {t('common_next')}
          </Button>
        </Group>
      }
    >
      <NewPasswordFields
        password={pair.field('newpassword')}
        repeat={pair.field('confirmnewpassword')}
        labels={{ password: t('password_new_label'), repeat: t('password_confirm_label') }}
      />
    </FormStack>
  );
}
