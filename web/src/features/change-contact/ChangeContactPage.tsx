import { Button, Group, Text, TextInput } from '@mantine/core';
import { type ChangeContactAnswer, changeEmailInput, changePhoneInput } from '@portico/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withAddress } from '../../components/AddressText';
import { AuthCard } from '../../components/AuthCard';
import { CodeStep } from '../../components/CodeStep';
import { FormStack } from '../../components/FormStack';
import { namesField, useApiForm } from '../../components/useApiForm';
import { useCodeStep } from '../../components/useCodeStep';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { addressInputProps, CONTACT_KINDS, type ContactKind } from '../../lib/contactKinds';
import { notifyDone } from '../../lib/notify';
import { changeContact } from './api';
import { ContactSuccess } from './ContactSuccess';
import { CurrentPhone } from './CurrentPhone';
import { type ChangeStep, changeOutcome } from './logic';

/**
 * /account/change-email and /account/change-phone (spec sign-in §2 "Change e-mail and change
 * phone pages", §4, §5): step 1 the new address (posted with an empty otp: the server sends a
 * code and answers the countdown); step 2 the code step (web/src/components/CodeStep.tsx); step 3
 * success with a go-home button. Change phone also shows the current phone at the top and, in
 * step 3, a button to the phone list: the spec's activate-phone button would only say "already
 * activated", since the code of step 2 verified the new number (issue 8, point 24).
 */
export function ChangeContactPage({ kind }: { kind: ContactKind }) {
  const config = CONTACT_KINDS[kind];
  const field = config.field;
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ChangeStep>(1);
  usePageTitle(config.keys.changeTitle);

  const address = useApiForm<Record<string, string>, ChangeContactAnswer>({
    initialValues: { [field]: '' },
    schema: kind === 'email' ? changeEmailInput : changePhoneInput,
    input: (v) => ({ ...v, otp: '' }),
    submit: (v) => changeContact(kind, (v[field] ?? '').trim(), ''),
    onSuccess: (answer) => {
      const outcome = changeOutcome(answer);
      if (outcome.kind !== 'code') return;
      code.start(outcome.times);
      setStep(2);
    },
  });
  const value = (address.values[field] ?? '').trim();

  const code = useCodeStep({
    emptyKey: 'otp_is_required',
    resend: async () => {
      const outcome = changeOutcome(await changeContact(kind, value, ''));
      return outcome.kind === 'code' ? outcome.times : false;
    },
    check: (otp) => changeContact(kind, value, otp),
    onChecked: async (answer) => {
      if (changeOutcome(answer).kind !== 'done') return;
      setStep(3);
      notifyDone(tr(config.keys.changed));
      await queryClient.invalidateQueries({ queryKey: ['contacts'] });
    },
    // A refused address (taken meanwhile, say) is fixed in step 1.
    onError: (err) => {
      if (!namesField(err, [field])) return false;
      address.show(err);
      setStep(1);
      return true;
    },
  });

  let body: ReactNode;
  if (step === 1) {
    body = (
      <FormStack
        form={address}
        actions={
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={address.busy} miw={180}>
              {t('change_send_code')}
            </Button>
          </Group>
        }
      >
        <TextInput
          {...address.field(field)}
          label={tr(config.keys.newLabel)}
          {...addressInputProps(config, tr)}
          size="md"
          data-autofocus
        />
      </FormStack>
    );
  } else if (step === 2) {
    body = (
      <CodeStep
        step={code}
        before={
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {withAddress((target) => t('otp_sent_to', { target }), value)}
          </Text>
        }
        actions={
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              size="md"
              type="button"
              onClick={() => {
                code.reset();
                setStep(1);
              }}
              disabled={code.checking}
            >
              {t('common_back')}
            </Button>
            <Button type="submit" size="md" loading={code.checking} miw={140}>
              {t('common_confirm')}
            </Button>
          </Group>
        }
      />
    );
  } else {
    body = (
      <ContactSuccess message={tr(config.keys.changed)} detail={tr(config.keys.changedText, { value })}>
        {/* The code just entered verified the new number: there is nothing left to activate
            (the spec's activate button led to "already activated"), so the list is offered. */}
        {kind === 'phone' && (
          <Button component={Link} to={to(config.path)} variant="light" size="md">
            {t('change_view_phones')}
          </Button>
        )}
        <Button component={Link} to={to('/')} size="md">
          {t('common_go_home')}
        </Button>
      </ContactSuccess>
    );
  }

  return (
    <AuthCard
      wide
      title={tr(config.keys.changeTitle)}
      intro={step === 1 ? tr(config.keys.changeIntro) : undefined}
      step={{ current: step, total: 3 }}
    >
      {kind === 'phone' && <CurrentPhone />}
      {body}
    </AuthCard>
  );
}

export function ChangeEmailPage() {
  return <ChangeContactPage kind="email" />;
}

export function ChangePhonePage() {
  return <ChangeContactPage kind="phone" />;
}
