import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { GuardianStatus } from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { FormAlert } from '../../components/FormAlert';
import { QueryState } from '../../components/QueryState';
import { useApiForm } from '../../components/useApiForm';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, formatDay } from '../../lib/format';
import { useAppSettings } from '../../settings/useAppSettings';
import { askGuardian, GUARDIAN_KEY, readGuardianStatus } from './api';

/**
 * The child's page (issue 32 point 4; contracts/src/guardian.ts GUARDIAN_PAGE): while the account
 * waits for a guardian, the account pages send the child here (web/src/layouts/ManagerLayout.tsx).
 * They name a parent or guardian (and agree themselves from CHILD_CONSENT_AGE), read what is
 * consented to, and see whom they asked; once the guardian agreed, on to the account.
 */
export default function GuardianPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  usePageTitle('guardian_title');
  const status = useQuery({ queryKey: GUARDIAN_KEY, queryFn: readGuardianStatus, retry: false });
  const done = status.data && !status.data.required;
  return (
    <AuthCard title={t(done ? 'guardian_done_title' : 'guardian_title')} wide>
      <QueryState query={status}>
        {(current) =>
          current.required ? (
            <AskForm status={current} />
          ) : (
            <Stack gap="md">
              <Alert color="green" role="status">
                {t('guardian_done_text')}
              </Alert>
              <Button size="md" onClick={() => navigate(to('/account'), { replace: true })}>
                {t('guardian_go_account')}
              </Button>
            </Stack>
          )
        }
      </QueryState>
    </AuthCard>
  );
}

function AskForm({ status }: { status: GuardianStatus }) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const { settings } = useAppSettings();
  const queryClient = useQueryClient();
  const form = useApiForm({
    initialValues: { guardian: '', childAgrees: false },
    submit: ({ guardian, childAgrees }) => askGuardian(guardian, childAgrees),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GUARDIAN_KEY }),
  });
  const product = settings.productName || 'Portico';
  return (
    <Stack gap="md">
      <Text>{t('guardian_intro', { age: status.ageLimit, product })}</Text>
      {status.asked && (
        <Alert color="blue" role="status">
          {t('guardian_asked', { to: status.asked.to, time: formatDateTime(status.asked.time, locale) })}
        </Alert>
      )}
      {status.deleteOn && (
        <Text fz="sm" c="gray.7" data-testid="guardian-delete-on">
          {t('guardian_delete_on', { date: formatDay(status.deleteOn, locale) })}
        </Text>
      )}
      <form ref={form.ref} onSubmit={(e) => void form.submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.field('guardian')}
            label={t('guardian_label')}
            description={t('guardian_hint')}
            autoComplete="off"
            inputMode="email"
            size="md"
          />
          <Paper withBorder radius="md" p="md" bg="gray.0">
            <Title order={2} fz="sm" mb={6}>
              {t('guardian_text_heading')}
            </Title>
            <Text fz="sm">{status.text}</Text>
          </Paper>
          {status.childAgreement && (
            <Checkbox
              {...form.form.getInputProps('childAgrees', { type: 'checkbox' })}
              name="childAgrees"
              error={form.errors.childAgrees}
              label={t('guardian_child_agrees')}
            />
          )}
          <FormAlert message={form.alert} />
          <Button type="submit" size="md" loading={form.busy}>
            {status.asked ? t('guardian_resend') : t('guardian_send')}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={to('/logout')} fz="sm">
          {t('guardian_sign_out')}
        </Anchor>
        <Anchor component={Link} to={to('/security/delete')} fz="sm" c="red.9">
          {t('guardian_delete_account')}
        </Anchor>
      </Group>
    </Stack>
  );
}
