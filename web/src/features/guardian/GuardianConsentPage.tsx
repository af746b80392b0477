import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import type { GuardianRequest } from '@portico/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { AuthCard } from '../../components/AuthCard';
import { DataPartsList } from '../../components/DataPartsList';
import { FormAlert } from '../../components/FormAlert';
import { OtpInput } from '../../components/OtpInput';
import { useApiForm } from '../../components/useApiForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useAppSettings } from '../../settings/useAppSettings';
import { checkGuardianCode, giveGuardianConsent } from './api';

/**
 * The guardian's page (issue 32 point 4; the link of the message sent to them, with `for` the
 * child's account and `to` their address): the code from the message, then who asks, the text
 * and the data processed, then "I agree". Nothing happens on load.
 */
export default function GuardianConsentPage() {
  const { t } = useTranslation();
  const { settings } = useAppSettings();
  const [query] = useSearchParams();
  const child = query.get('for') ?? '';
  const guardian = query.get('to') ?? '';
  const product = settings.productName || 'Portico';
  const [request, setRequest] = useState<(GuardianRequest & { token: string }) | null>(null);
  usePageTitle('guardian_consent_title', { product });
  const title = t('guardian_consent_title', { product });

  if (!child || !guardian)
    return (
      <AuthCard title={title}>
        <FormAlert message={t('guardian_consent_no_link')} />
      </AuthCard>
    );
  return (
    <AuthCard title={title} intro={request ? undefined : t('guardian_consent_intro')} wide={!!request}>
      {request ? (
        <Consent request={request} product={product} />
      ) : (
        <CodeForm child={child} guardian={guardian} onChecked={setRequest} />
      )}
    </AuthCard>
  );
}

function CodeForm({
  child,
  guardian,
  onChecked,
}: {
  child: string;
  guardian: string;
  onChecked: (request: GuardianRequest & { token: string }) => void;
}) {
  const { t } = useTranslation();
  const form = useApiForm({
    initialValues: { otp: '' },
    submit: ({ otp }) => checkGuardianCode(child, guardian, otp),
    onSuccess: onChecked,
  });
  return (
    <form ref={form.ref} onSubmit={(e) => void form.submit(e)} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t('guardian_consent_address', { to: guardian })}</Text>
        <OtpInput
          value={form.values.otp}
          onChange={(otp) => form.patch({ otp })}
          error={form.errors.otp}
          label={t('guardian_consent_code_label')}
          size="md"
        />
        <FormAlert message={form.alert} />
        <Button type="submit" size="md" loading={form.busy}>
          {t('guardian_consent_continue')}
        </Button>
      </Stack>
    </form>
  );
}

function Consent({ request, product }: { request: GuardianRequest & { token: string }; product: string }) {
  const { t } = useTranslation();
  const consent = useMutation({ mutationFn: () => giveGuardianConsent(request.token) });
  if (consent.isSuccess)
    return (
      <Alert color="green" role="status">
        {t('guardian_consent_done', { child: request.child })}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Text>{t('guardian_consent_details', { child: request.child, age: request.age, product })}</Text>
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Text fz="sm">{request.text}</Text>
      </Paper>
      {request.childAgreed && <Text fz="sm">{t('guardian_consent_child_agreed', { child: request.child })}</Text>}
      <div>
        <DataPartsList heading={t('guardian_consent_what')} />
      </div>
      <FormAlert message={consent.isError ? errorText(consent.error, t) : null} />
      <Button size="md" loading={consent.isPending} onClick={() => consent.mutate()}>
        {t('guardian_consent_agree')}
      </Button>
    </Stack>
  );
}
