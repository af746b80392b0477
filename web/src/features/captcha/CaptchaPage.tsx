import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { CAPTCHA_MESSAGE, type CaptchaMessage } from '@portico/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { Captcha } from '../../components/Captcha';
import { Icon } from '../../components/Icon';
import { postToHost } from '../../embed';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useAppSettings } from '../../settings/useAppSettings';

/** Hands an answer to the native app (or an allow-listed parent window); true when someone received it. */
export const sendCaptchaAnswer = (provider: CaptchaMessage['provider'], captcha: string): boolean =>
  postToHost(CAPTCHA_MESSAGE, { provider, captcha });

type Outcome = 'sent' | 'no-app' | null;

/**
 * /captcha (spec sign-in-and-session §2): the native sign-in screens open this page in a web view
 * to run the configured captcha (ALTCHA or reCAPTCHA, web/src/components/Captcha.tsx); the answer
 * goes to the app as { type: 'captcha', provider, captcha } through
 * window.webkit.messageHandlers.captcha (or .portico) or ReactNativeWebView (web/src/embed/bridge.ts),
 * and the app sends it as `captcha` with its sign-in call.
 */
export function CaptchaPage() {
  const { t } = useTranslation();
  usePageTitle('captcha_page_title');
  const { settings, isLoading } = useAppSettings();
  const provider = settings.configs.captchaProvider;
  const [outcome, setOutcome] = useState<Outcome>(null);
  const toldNone = useRef(false);

  // Nothing to solve: the app learns at once that no answer is needed.
  useEffect(() => {
    if (isLoading || provider !== 'none' || toldNone.current) return;
    toldNone.current = true;
    setOutcome(sendCaptchaAnswer('none', '') ? 'sent' : 'no-app');
  }, [isLoading, provider]);

  if (isLoading) {
    return (
      <Center py={80} role="status" aria-label={t('app_loading')}>
        <Loader type="dots" />
      </Center>
    );
  }

  return (
    <AuthCard title={t('captcha_page_title')}>
      <Stack gap="md">
        {/* Not AuthCard's dimmed intro: that grey is below WCAG AA contrast on white (axe, e2e/token-login.e2e.ts). */}
        <Text fz="sm" c="gray.7">
          {t('captcha_page_intro')}
        </Text>
        <Captcha
          provider={provider}
          siteKey={settings.configs.recaptchaSiteKey}
          onChange={(answer) => {
            if (answer) setOutcome(sendCaptchaAnswer(provider, answer) ? 'sent' : 'no-app');
          }}
        />
        {outcome === 'sent' && (
          <Alert color="teal" variant="light" icon={<Icon name="check" />} role="status">
            <Text fz="sm">{provider === 'none' ? t('captcha_page_not_needed') : t('captcha_page_sent')}</Text>
          </Alert>
        )}
        {outcome === 'no-app' && (
          <Alert color="orange" variant="light" icon={<Icon name="info" />} role="alert">
            <Text fz="sm">{t('captcha_page_no_app')}</Text>
          </Alert>
        )}
      </Stack>
    </AuthCard>
  );
}

export default CaptchaPage;
