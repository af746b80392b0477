import { Button, Stack, Text } from '@mantine/core';
import type { LoginAnswer } from '@portico/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { passkeyCancelled } from '../../lib/passkeyCeremony';
import { passStepWithPasskey } from './passkeyApi';

/**
 * Login step 3 with one of the account's passkeys (issue 32 point 1): the button opens the
 * browser's dialog for this step's challenge; a closed dialog says nothing (press again), a
 * refused passkey says why, a gone step hands over to the page (`onGone`).
 */
export function PasskeyStep({
  returnUrl,
  rememberMachine,
  busy,
  onAnswer,
  onGone,
  after,
}: {
  returnUrl: string;
  rememberMachine: boolean;
  /** The sign-in is already leaving the page. */
  busy: boolean;
  onAnswer: (answer: LoginAnswer) => string | null;
  onGone: (error: unknown) => boolean;
  /** Under the button: "remember this device" and the way back. */
  after: ReactNode;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const use = async () => {
    setAsking(true);
    setAlert(null);
    try {
      setAlert(onAnswer(await passStepWithPasskey(returnUrl, rememberMachine)));
    } catch (err) {
      if (!passkeyCancelled(err) && !onGone(err)) setAlert(errorText(err, t));
    } finally {
      setAsking(false);
    }
  };
  return (
    <Stack gap="md" data-testid="two-factor-passkey-step">
      <Text fz="sm" c="gray.7">
        {t('login_two_factor_passkey_hint')}
      </Text>
      <FormAlert message={alert} />
      <Button
        size="md"
        fullWidth
        leftSection={<Icon name="passkey" size={18} />}
        loading={asking || busy}
        onClick={() => void use()}
      >
        {t('login_two_factor_passkey_use')}
      </Button>
      {after}
    </Stack>
  );
}
