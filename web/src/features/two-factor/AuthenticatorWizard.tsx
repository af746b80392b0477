import {
  Anchor,
  Box,
  Button,
  Code,
  Group,
  Image,
  List,
  PasswordInput,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  AUTHENTICATOR_QR_SIZE,
  type AuthenticatorSetup,
  checkPasswordInput,
  TWO_FACTOR_WIZARD_STEPS,
  verificationCodeInput,
} from '@portico/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpInput } from '../../components/OtpInput';
import { looseT } from '../../i18n/t';
import { splitApiError } from '../../lib/formErrors';
import { checkPassword, setupAuthenticator, verifyAuthenticator } from './api';
import { FormAlertBox } from './FormAlertBox';
import { AUTHENTICATOR_APPS, previousStep, STEP_TITLE, WIZARD_STEPS, type WizardStep } from './logic';

export interface AuthenticatorWizardProps {
  /** Closes the wizard without turning anything on. */
  onCancel: () => void;
  /** The code was right: two-step is on; the recovery codes are shown next. */
  onDone: (recoveryCodes: string[]) => void;
}

/**
 * The 4-step authenticator setup (spec account §2, §4 Two-factor): get an app, confirm the
 * password (which starts the setup), scan the QR code or type the key, enter the 6-digit code.
 * Back goes one step down, never below step 1.
 */
export function AuthenticatorWizard({ onCancel, onDone }: AuthenticatorWizardProps) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const wide = useMediaQuery('(min-width: 48em)');
  const [step, setStep] = useState<WizardStep>('download');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const index = WIZARD_STEPS.indexOf(step);

  const go = (next: WizardStep) => {
    setErrors({});
    setAlert(null);
    setStep(next);
  };

  /** A failed call: its field messages under the field (focused), the rest in the alert. */
  const fail = (err: unknown, field: 'password' | 'verificationCode') => {
    const split = splitApiError(err, [field], tr);
    setErrors(split.fields);
    setAlert(split.alert);
    (field === 'password' ? passwordRef : codeRef).current?.focus();
  };

  const confirmPassword = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkPasswordInput.safeParse({ password });
    if (!parsed.success) {
      setErrors({ password: tr(parsed.error.issues[0]?.message ?? 'error_password_empty') });
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await checkPassword({ password });
      setSetup(await setupAuthenticator());
      setPassword('');
      setCode('');
      go('scan');
    } catch (err) {
      fail(err, 'password');
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = verificationCodeInput.safeParse({ verificationCode: code });
    if (!parsed.success) {
      setErrors({ verificationCode: tr(parsed.error.issues[0]?.message ?? 'please_enter_verification_code') });
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { recoveryCodes } = await verifyAuthenticator({ verificationCode: code });
      onDone(recoveryCodes);
    } catch (err) {
      fail(err, 'verificationCode');
      setBusy(false);
    }
  };

  const back =
    index > 0 ? (
      <Button variant="default" onClick={() => go(previousStep(step))} disabled={busy}>
        {t('common_back')}
      </Button>
    ) : (
      <Button variant="default" onClick={onCancel}>
        {t('common_cancel')}
      </Button>
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="lg">
          {t('two_factor_wizard_title')}
        </Title>
        <Text c="dimmed" fz="sm" aria-live="polite">
          {t('step_of', { step: index + 1, total: TWO_FACTOR_WIZARD_STEPS })} · {t(STEP_TITLE[step])}
        </Text>
      </div>
      <Stepper active={index} size="sm" iconSize={28} allowNextStepsSelect={false} aria-hidden>
        {WIZARD_STEPS.map((s) => (
          <Stepper.Step key={s} label={wide ? t(STEP_TITLE[s]) : undefined} />
        ))}
      </Stepper>

      {step === 'download' && (
        <Stack gap="md">
          <Text>{t('two_factor_download_text')}</Text>
          <List spacing="sm">
            {AUTHENTICATOR_APPS.map((app) => (
              <List.Item key={app.name}>
                <Text span fw={600}>
                  {t(app.name)}
                </Text>
                {' — '}
                <Anchor href={app.appStore} target="_blank" rel="noopener noreferrer">
                  {t('two_factor_app_store')}
                </Anchor>
                {' · '}
                <Anchor href={app.googlePlay} target="_blank" rel="noopener noreferrer">
                  {t('two_factor_play_store')}
                </Anchor>
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            {back}
            <Button onClick={() => go('password')}>{t('common_next')}</Button>
          </Group>
        </Stack>
      )}

      {step === 'password' && (
        <form onSubmit={(e) => void confirmPassword(e)} noValidate>
          <Stack gap="md">
            <Text>{t('two_factor_password_text')}</Text>
            <PasswordInput
              ref={passwordRef}
              name="password"
              label={t('two_factor_password_label')}
              autoComplete="current-password"
              size="md"
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setErrors({});
              }}
              error={errors.password}
            />
            <FormAlertBox message={alert} />
            <Group justify="flex-end">
              {back}
              <Button type="submit" loading={busy}>
                {t('common_next')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {step === 'scan' && setup && (
        <Stack gap="md">
          <Text>{t('two_factor_scan_text')}</Text>
          <Box bg="white" p={4} style={{ alignSelf: 'center', lineHeight: 0 }}>
            <Image
              src={setup.qrCode}
              alt={t('two_factor_qr_alt')}
              w={AUTHENTICATOR_QR_SIZE}
              h={AUTHENTICATOR_QR_SIZE}
            />
          </Box>
          <Text fz="sm">{t('two_factor_key_text')}</Text>
          <Code block fz="md" ta="center" style={{ wordSpacing: '0.4em' }} data-testid="shared-key">
            {setup.sharedKey}
          </Code>
          <Group justify="flex-end">
            {back}
            <Button onClick={() => go('code')}>{t('common_next')}</Button>
          </Group>
        </Stack>
      )}

      {step === 'code' && (
        <form onSubmit={(e) => void verify(e)} noValidate>
          <Stack gap="md">
            <Text>{t('two_factor_code_text')}</Text>
            <OtpInput
              ref={codeRef}
              name="verificationCode"
              label={t('two_factor_code_label')}
              value={code}
              data-autofocus
              autoFocus
              onChange={(v) => {
                setCode(v);
                setErrors({});
              }}
              error={errors.verificationCode}
            />
            <FormAlertBox message={alert} />
            <Group justify="flex-end">
              {back}
              <Button type="submit" loading={busy}>
                {t('common_verify')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
