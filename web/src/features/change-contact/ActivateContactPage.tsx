import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { AuthCard } from '../../components/AuthCard';
import { CodeStep } from '../../components/CodeStep';
import { Icon } from '../../components/Icon';
import { QueryState } from '../../components/QueryState';
import { useCodeStep } from '../../components/useCodeStep';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import { CONTACT_KINDS, type ContactKind } from '../../lib/contactKinds';
import { contactInfoQuery } from '../../queries/contactInfo';
import { activate, sendActivationCode } from './api';
import { ContactSuccess } from './ContactSuccess';
import { activationTarget } from './logic';

/** Keys of a refused first send that mean there is nothing to activate. */
const ALREADY = new Set(['contact_already_confirmed']);
const saysAlready = (err: unknown) =>
  err instanceof ApiError && ALREADY.has(Object.values(err.errors).flat()[0] ?? err.messageKey);

/**
 * /account/active-email and /account/active-phone (spec sign-in §2 "Activate phone page" /
 * "Activate e-mail page", §4, §5): the address (?newemail= / ?newphone=, else the account's
 * primary one), a code sent automatically on load, step 1 the code step (otp_is_required,
 * web/src/components/CodeStep.tsx) with an Update button, step 2 the success message and a
 * go-home button.
 */
export function ActivateContactPage({ kind }: { kind: ContactKind }) {
  const config = CONTACT_KINDS[kind];
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  usePageTitle(config.keys.activeTitle);

  const query = search.get(config.field)?.trim();
  const info = useQuery({ ...contactInfoQuery, enabled: !query });
  const target = activationTarget(kind, query ?? null, info.data);
  const [step, setStep] = useState<1 | 2>(1);
  const [already, setAlready] = useState(false);
  const sentFor = useRef<string | null>(null);

  const code = useCodeStep({
    emptyKey: 'otp_is_required',
    resend: () => sendActivationCode(kind, target ?? ''),
    check: (otp) => activate(kind, target ?? '', otp),
    onChecked: async () => {
      setStep(2);
      await queryClient.invalidateQueries({ queryKey: ['contacts'] });
    },
  });
  const first = useMutation({
    mutationFn: (address: string) => sendActivationCode(kind, address),
    onSuccess: (answer) => code.start(answer),
    onError: (err) => (saysAlready(err) ? setAlready(true) : code.show(err)),
  });
  const { mutate: sendFirst } = first;

  // The code goes out once, as soon as the address is known.
  useEffect(() => {
    if (!target || sentFor.current === target) return;
    sentFor.current = target;
    sendFirst(target);
  }, [target, sendFirst]);

  const goHome = (
    <Button component={Link} to={to('/')} size="md">
      {t('common_go_home')}
    </Button>
  );

  let body: ReactNode;
  if (!target) {
    body = (
      <QueryState query={info}>
        {() => (
          <>
            <Alert color="gray" variant="light" icon={<Icon name="info" />}>
              {tr(config.keys.activeNone)}
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={to(config.path)} variant="light" size="md">
                {tr(config.keys.title)}
              </Button>
              {goHome}
            </Group>
          </>
        )}
      </QueryState>
    );
  } else if (already || step === 2) {
    body = (
      <ContactSuccess message={tr(already ? config.keys.activeAlready : config.keys.activeSuccess)} detail={target}>
        {goHome}
      </ContactSuccess>
    );
  } else {
    body = (
      <CodeStep
        step={{ ...code, sending: code.sending || first.isPending }}
        before={
          <TextInput
            name={config.field}
            label={tr(config.keys.activeLabel)}
            value={target}
            readOnly
            size="md"
            variant="filled"
          />
        }
        actions={
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={code.checking} miw={140}>
              {t('common_update')}
            </Button>
          </Group>
        }
      />
    );
  }

  return (
    <AuthCard
      wide
      title={tr(config.keys.activeTitle)}
      intro={step === 1 && target && !already ? tr(config.keys.activeIntro) : undefined}
      step={target && !already ? { current: step, total: 2 } : undefined}
    >
      {body}
    </AuthCard>
  );
}

export function ActivateEmailPage() {
  return <ActivateContactPage kind="email" />;
}

export function ActivatePhonePage() {
  return <ActivateContactPage kind="phone" />;
}
