import { Anchor, Avatar, Button, Group, PasswordInput, Radio, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import type { OtpMethod } from '@portico/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, type Ref, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { AccountField } from '../../components/AccountField';
import { AddressText, withAddress } from '../../components/AddressText';
import { CodeStep } from '../../components/CodeStep';
import { FormAlert } from '../../components/FormAlert';
import { FormStack } from '../../components/FormStack';
import { Icon } from '../../components/Icon';
import type { ApiForm } from '../../components/useApiForm';
import type { CodeStep as CodeStepState } from '../../components/useCodeStep';
import { useLocale } from '../../hooks/useLocale';
import { looseT } from '../../i18n/t';
import { resumeFirstPaint } from './firstPaint';

/** Login step 1: the account (LoginForm.tsx holds its form). */
export function LoginAccountStep({
  form,
  inputRef,
}: {
  form: ApiForm<{ username: string }>;
  inputRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  // The app's form replaces the server's first paint as it appears, keeping what was typed there
  // (what was pressed there is pressed again: firstPaint.ts).
  useLayoutEffect(() => {
    const taken = resumeFirstPaint();
    if (taken) form.patch({ username: taken.username });
  }, [form.patch]);
  return (
    <FormStack
      form={form}
      actions={
        <Button type="submit" size="md" fullWidth loading={form.busy}>
          {t('common_next')}
        </Button>
      }
    >
      {/* `webauthn`: the browser may offer passkeys among its suggestions (PasskeyLogin.tsx). */}
      <AccountField ref={inputRef} autoComplete="username webauthn" {...form.field('username')} />
    </FormStack>
  );
}

/** The account of login step 2, with the link back to step 1. */
export function AccountChip({ username, onChange }: { username: string; onChange: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" p="xs" pr="sm" style={{ borderRadius: 24 }} bg="gray.0">
      {/* The link goes under the address when both do not fit on a line (a phone, a long address). */}
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
        <Avatar size={32} radius="xl" color="brand">
          {username.slice(0, 1).toUpperCase()}
        </Avatar>
        {/* Whole, never cut: this is where the person checks the account (issue 34 point 9). */}
        <AddressText fw={600} fz="sm" data-testid="login-account">
          {username}
        </AddressText>
      </Group>
      <UnstyledButton
        onClick={onChange}
        fz="sm"
        fw={600}
        c="brand.7"
        style={{ whiteSpace: 'nowrap', marginLeft: 'auto' }}
      >
        {t('login_change_account')}
      </UnstyledButton>
    </Group>
  );
}

/** The ways of login step 2: password, one-time code, approval on a signed-in device. */
export function MethodTabList() {
  const { t } = useTranslation();
  return (
    <Tabs.List grow>
      <Tabs.Tab value="password" leftSection={<Icon name="lock" size={16} />}>
        {t('login_tab_password')}
      </Tabs.Tab>
      <Tabs.Tab value="otp" leftSection={<Icon name="mail" size={16} />}>
        {t('login_tab_otp')}
      </Tabs.Tab>
      <Tabs.Tab value="prompt" leftSection={<Icon name="phone" size={16} />}>
        {t('login_with_prompt')}
      </Tabs.Tab>
    </Tabs.List>
  );
}

/** The password tab of login step 2 (LoginForm.tsx holds its form). */
export function LoginPasswordPanel({
  form,
  passwordRef,
  username,
  returnUrl,
  captcha,
  leaving,
}: {
  form: ApiForm<{ password: string }>;
  passwordRef: Ref<HTMLInputElement>;
  username: string;
  returnUrl: string;
  captcha: ReactNode;
  leaving: boolean;
}) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <FormStack
      form={form}
      actions={
        <Button type="submit" size="md" fullWidth loading={form.busy || leaving}>
          {t('login_submit')}
        </Button>
      }
    >
      <input type="hidden" name="username" value={username} autoComplete="username" />
      <PasswordInput
        ref={passwordRef}
        {...form.field('password')}
        label={t('login_password_label')}
        autoComplete="current-password"
        size="md"
        leftSection={<Icon name="lock" size={18} />}
      />
      <Group justify="flex-end" mt={-8}>
        <Anchor
          component={Link}
          to={`${to('/forgot-password')}?${new URLSearchParams({ ReturnUrl: returnUrl, username })}`}
          fz="sm"
          fw={500}
        >
          {t('login_forgot_password')}
        </Anchor>
      </Group>
      {captcha}
    </FormStack>
  );
}

/**
 * The one-time code tab of login step 2: where the code goes (when there is a choice), a send
 * button, then the code step (LoginForm.tsx holds it).
 */
export function LoginOtpPanel({
  code,
  methods,
  chosenType,
  onOtpType,
  target,
  leaving,
}: {
  code: CodeStepState;
  methods: UseQueryResult<OtpMethod[]>;
  chosenType: string | null;
  onOtpType: (type: string) => void;
  /** The account the code goes to, as the person typed it. */
  target: string;
  leaving: boolean;
}) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const methodList = methods.data ?? [];
  const choice = (
    <>
      {methodList.length > 1 && (
        <Radio.Group
          name="otpType"
          label={t('login_otp_method_label')}
          value={chosenType}
          onChange={(value) => onOtpType(value)}
        >
          <Stack gap="xs" mt={6}>
            {methodList.map((m) => (
              <Radio key={m.type} value={m.type} label={tr(m.title)} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {methods.isError && (
        <Text c="red.7" fz="sm" role="alert">
          {errorText(methods.error, t)}
        </Text>
      )}
    </>
  );

  if (!code.sent) {
    return (
      <Stack gap="md">
        {choice}
        <Text fz="sm" c="dimmed">
          {withAddress((to) => t('login_otp_intro', { target: to }), target)}
        </Text>
        {code.captcha.field}
        <FormAlert message={code.alert} />
        <Button
          size="md"
          fullWidth
          onClick={() => void code.resend()}
          loading={code.sending}
          disabled={methods.isPending}
        >
          {t('login_send_code')}
        </Button>
      </Stack>
    );
  }

  return (
    <CodeStep
      step={code}
      before={
        <>
          {choice}
          <Text fz="sm">{withAddress((to) => t('login_otp_sent', { target: to }), target)}</Text>
        </>
      }
      actions={
        <Button type="submit" size="md" fullWidth loading={code.checking || leaving}>
          {t('login_submit')}
        </Button>
      }
    />
  );
}
