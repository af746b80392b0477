import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { InteractionDetails } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { AuthModeTabs } from '../../components/AuthCard';
import classes from '../../components/auth.module.css';
import { Icon } from '../../components/Icon';
import { listenToHost } from '../../embed';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { carryLoginOptions, takeCarriedLoginOptions } from '../../lib/carriedLoginOptions';
import { interactionUid, wantedPagePath } from '../../lib/interaction';
import { interactionQuery } from '../../queries/interaction';
import { takeSignedOut } from '../../session/signedOutNotice';
import { useAppSettings } from '../../settings/useAppSettings';
import { peekPendingTokenLogin, TokenLoginFinish } from '../token-login';
import { answerConsent } from './api';
import { ConsentScreen } from './ConsentScreen';
import { takeFirstPaint } from './firstPaint';
import { LoginEntry } from './LoginEntry';
import { LoginForm } from './LoginForm';
import { isHideRegisterMessage, isInAppBrowser, isSessionExpired, readLoginQuery } from './logic';
import { RestartSignIn } from './RestartSignIn';

/**
 * /login. With a provider interaction in ReturnUrl (`/oidc/interaction/<uid>`): the consent
 * screen or the sign-in card. Without one (opened directly, or ReturnUrl=/account): the login
 * entry, i.e. straight to ReturnUrl when signed in, else the portal's own sign-in.
 */
export function LoginPage() {
  const [search] = useSearchParams();
  // Whatever shows first replaces the server's first paint; what was typed and pressed there waits
  // for the login form (resumeFirstPaint in LoginPanels.tsx), which may come a moment later.
  useLayoutEffect(() => void takeFirstPaint(), []);
  const query = readLoginQuery(search);
  const uid = interactionUid(query.returnUrl);
  usePageTitle('login_title');
  if (!uid) return <DirectLogin search={search} loginHint={query.username || undefined} />;
  return <InteractionView key={uid} uid={uid} />;
}

/** /login without an interaction: the login options wait for the page after the sign-in redirect. */
function DirectLogin({ search, loginHint }: { search: URLSearchParams; loginHint?: string }) {
  useState(() => carryLoginOptions(search));
  return <LoginEntry wanted={wantedPagePath(search)} loginHint={loginHint} />;
}

export default LoginPage;

function Card({ children }: { children: ReactNode }) {
  return (
    <Center>
      <Paper className={classes.card} withBorder radius="lg" shadow="md" p={{ base: 'lg', sm: 32 }}>
        {children}
      </Paper>
    </Center>
  );
}

function InteractionView({ uid }: { uid: string }) {
  const { t } = useTranslation();
  // A token login this tab started (/token-login) finishes here instead of the sign-in card.
  const [tokenLogin] = useState(() => peekPendingTokenLogin());
  const interaction = useQuery(interactionQuery(uid));

  if (interaction.isPending) {
    return (
      <Card>
        <Center py="xl" role="status" aria-label={t('app_loading')}>
          <Loader type="dots" />
        </Center>
      </Card>
    );
  }
  if (interaction.isError) {
    return (
      <Card>
        <RestartSignIn
          message={isSessionExpired(interaction.error) ? t('login_session_expired') : errorText(interaction.error, t)}
        />
      </Card>
    );
  }
  const details = interaction.data;
  if (details.prompt === 'consent') {
    return (
      <Card>{details.client.firstParty ? <AutoConsent details={details} /> : <ConsentScreen details={details} />}</Card>
    );
  }
  if (tokenLogin) return <TokenLoginFinish uid={details.uid} pending={tokenLogin} />;
  return <LoginCard details={details} />;
}

/** First-party clients need no consent screen: approve and continue. */
function AutoConsent({ details }: { details: InteractionDetails }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    answerConsent(details.uid, true).then(
      ({ redirectUrl }) => window.location.assign(redirectUrl),
      (err: unknown) => setError(errorText(err, t)),
    );
  }, [details.uid, t]);
  if (error) return <RestartSignIn message={error} />;
  return (
    <Center py="xl" role="status" aria-label={t('app_loading')}>
      <Loader type="dots" />
    </Center>
  );
}

/** The sign-in card: login / register tabs, the steps, the in-app browser warning. */
function LoginCard({ details }: { details: InteractionDetails }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { to } = useLocale();
  const query = readLoginQuery(search, takeCarriedLoginOptions());
  const [hideRegister, setHideRegister] = useState(query.hideRegister);
  const [inApp] = useState(() => typeof navigator !== 'undefined' && isInAppBrowser(navigator.userAgent));
  // Both the in-app browser warning and the trouble link are about Facebook and Google sign-in:
  // without such a button they would ask about what is not there (issue 34 point 7).
  const social = useAppSettings().settings.configs.socialProviders.length > 0;
  // Two-step or update-info: the sign-in / register choice is behind the person (issue 34 point 9).
  const [ownStep, setOwnStep] = useState(false);
  // Back from a sign-out: say so (issue 34 point 8).
  const [signedOut] = useState(takeSignedOut);

  // The host may hide the register tab (spec §2); only an allow-listed parent or the native app is heard.
  useEffect(
    () =>
      listenToHost((data) => {
        if (isHideRegisterMessage(data)) setHideRegister(true);
      }),
    [],
  );

  const clientName = details.client.clientName || details.client.clientId;

  return (
    <Card>
      <Stack gap="lg">
        {!hideRegister && !ownStep && (
          <AuthModeTabs value="login" onSwitch={() => navigate(`${to('/register')}${window.location.search}`)} />
        )}

        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 26 }}>
            {t('login_heading')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('login_continue_to', { client: clientName })}
          </Text>
        </Stack>

        {signedOut && (
          <Alert color="teal" variant="light" icon={<Icon name="check" />} role="status">
            {t('logout_signed_out')}
          </Alert>
        )}

        {inApp && social && (
          <Alert color="yellow" variant="light" title={t('login_inapp_title')} icon={<Icon name="info" />}>
            <Text fz="sm">{t('login_inapp_text')}</Text>
            <Anchor component={Link} to={to('/error/external-login')} fz="sm" fw={600}>
              {t('login_inapp_help')}
            </Anchor>
          </Alert>
        )}

        <LoginForm details={details} query={query} onOwnStep={setOwnStep} />

        {social && (
          <Anchor component={Link} to={to('/error/external-login')} fz="sm" ta="center" hiddenFrom="sm" c="dimmed">
            {t('login_social_trouble')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
