import { Anchor, Box, Button, Code, Group, List, PasswordInput, Stack, Stepper, Text, Title } from '@mantine/core';
import {
  AUTHENTICATOR_QR_SIZE,
  type AuthenticatorSetup,
  checkPasswordInput,
  TWO_FACTOR_WIZARD_STEPS,
} from '@portico/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeStep } from '../../components/CodeStep';
import { CopyValueButton } from '../../components/CopyValueButton';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { useApiForm } from '../../components/useApiForm';
import { useCodeStep } from '../../components/useCodeStep';
import { usePhone } from '../../hooks/usePhone';
import { checkPassword, setupAuthenticator, verifyAuthenticator } from './api';
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
 * Back goes one step down, never below step 1. The two forms are the page kit's useApiForm with
 * the endpoint's schema (error_password_empty before any call); the code is the kit's code step
 * (components/useCodeStep.ts) without a resend.
 */
export function AuthenticatorWizard({ onCancel, onDone }: AuthenticatorWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<WizardStep>('download');
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const index = WIZARD_STEPS.indexOf(step);

  const passwordForm = useApiForm({
    initialValues: { password: '' },
    schema: checkPasswordInput,
    submit: async (values) => {
      await checkPassword(values);
      return setupAuthenticator();
    },
    onSuccess: (answer) => {
      setSetup(answer);
      passwordForm.reset();
      code.reset();
      setStep('scan');
    },
  });
  // The kit's code step, without a resend: the user's own app makes the code.
  const code = useCodeStep({
    emptyKey: 'please_enter_verification_code',
    codeField: 'verificationCode',
    check: (verificationCode) => verifyAuthenticator({ verificationCode }),
    onChecked: (answer) => onDone(answer.recoveryCodes),
  });

  const busy = passwordForm.busy || code.checking;
  const back =
    index > 0 ? (
      <Button variant="default" onClick={() => setStep(previousStep(step))} disabled={busy}>
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
      {/* The steps as dots only: the line above names the current one (labels wrap at 1280 px). */}
      <Stepper active={index} size="sm" iconSize={28} allowNextStepsSelect={false} aria-hidden>
        {WIZARD_STEPS.map((s) => (
          <Stepper.Step key={s} />
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
            <Button onClick={() => setStep('password')}>{t('common_next')}</Button>
          </Group>
        </Stack>
      )}

      {step === 'password' && (
        <form ref={passwordForm.ref} onSubmit={(e) => void passwordForm.submit(e)} noValidate>
          <Stack gap="md">
            <Text>{t('two_factor_password_text')}</Text>
            <PasswordInput
              {...passwordForm.field('password')}
              label={t('two_factor_password_label')}
              autoComplete="current-password"
              size="md"
            />
            <FormAlert message={passwordForm.alert} />
            <Group justify="flex-end">
              {back}
              <Button type="submit" loading={passwordForm.busy}>
                {t('common_next')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {step === 'scan' && setup && (
        <Stack gap="md">
          <AddToApp setup={setup} />
          <Group justify="flex-end">
            {back}
            <Button onClick={() => setStep('code')}>{t('common_next')}</Button>
          </Group>
        </Stack>
      )}

      {step === 'code' && (
        <CodeStep
          step={code}
          before={<Text>{t('two_factor_code_text')}</Text>}
          inputProps={{ label: t('two_factor_code_label') }}
          actions={
            <Group justify="flex-end">
              {back}
              <Button type="submit" loading={code.checking}>
                {t('common_verify')}
              </Button>
            </Group>
          }
        />
      )}
    </Stack>
  );
}

/**
 * Step 3 (issue 34 point 1): on a phone, the app that must scan the QR code is on this very
 * device, so an otpauth:// link opens it first and the QR code waits behind a button (for an app on
 * another device); on a desktop, the QR code. The key, with a copy button, on both.
 */
function AddToApp({ setup }: { setup: AuthenticatorSetup }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [qrShown, setQrShown] = useState(false);
  const qr = (
    <Box bg="white" p={4} style={{ alignSelf: 'center', lineHeight: 0 }}>
      <img
        src={setup.qrCode}
        alt={t('two_factor_qr_alt')}
        width={AUTHENTICATOR_QR_SIZE}
        height={AUTHENTICATOR_QR_SIZE}
      />
    </Box>
  );
  return (
    <>
      {phone ? (
        <>
          <Text>{t('two_factor_open_app_text')}</Text>
          <Button
            component="a"
            href={setup.authenticatorUri}
            size="md"
            leftSection={<Icon name="external" size={18} />}
          >
            {t('two_factor_open_app')}
          </Button>
        </>
      ) : (
        <>
          <Text>{t('two_factor_scan_text')}</Text>
          {qr}
        </>
      )}
      <Text fz="sm">{t(phone ? 'two_factor_key_text_phone' : 'two_factor_key_text')}</Text>
      <Code
        fz="md"
        ta="center"
        p="sm"
        style={{ display: 'block', wordSpacing: '0.4em', overflowWrap: 'anywhere' }}
        data-testid="shared-key"
      >
        {setup.sharedKey}
      </Code>
      <CopyValueButton value={setup.sharedKey.replace(/\s+/g, '')} style={{ alignSelf: 'center' }} />
      {phone &&
        (qrShown ? (
          <>
            <Text>{t('two_factor_scan_text')}</Text>
            {qr}
          </>
        ) : (
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => setQrShown(true)}
            style={{ alignSelf: 'center' }}
          >
            {t('two_factor_show_qr')}
          </Anchor>
        ))}
    </>
  );
}
