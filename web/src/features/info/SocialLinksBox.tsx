import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { GeneralProfile } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { openConfirm } from '../../chrome/openConfirm';
import { FacebookMark, GoogleButton, ZaloMark } from '../../components/SocialButtons';
import { looseT } from '../../i18n/t';
import { notifyDone, notifyFailed, notifyRefused } from '../../lib/notify';
import { facebookLogin } from '../../lib/socialSdk';
import { useAppSettings } from '../../settings/useAppSettings';
import { cancelLinking, INFO_QUERY_KEY, linkProvider, linkZaloStart } from './api';
import { socialLinks } from './logic';

type Link = ReturnType<typeof socialLinks>[number];

/**
 * The providers this server offers and those still linked: linked (the provider's id of the person
 * and an unlink button, confirmed) or not (a link button) (spec account §2; issue 25 point 5).
 * Linking starts the provider's own sign-in; the server asks the step-up proof first.
 */
export function SocialLinksBox({ profile }: { profile: GeneralProfile }) {
  const { t, i18n } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const { configs } = useAppSettings().settings;
  const links = socialLinks(profile.userClaims, configs.socialProviders);
  const [search, setSearch] = useSearchParams();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: INFO_QUERY_KEY });
    await queryClient.invalidateQueries({ queryKey: ['current-user'] });
  };
  const cancel = useMutation({
    mutationFn: cancelLinking,
    onSuccess: async () => {
      notifyDone(t('link_remove_success'));
      await refresh();
    },
    onError: (err) => notifyFailed(err, tr),
  });
  const link = useMutation({
    mutationFn: async (link: Link) => {
      if (link.id === 'zalo') {
        // Zalo's page, then its callback sends the browser back here (?linked=zalo or ?linkError=).
        window.location.assign((await linkZaloStart()).url);
        return null;
      }
      if (link.id === 'facebook') {
        const auth = await facebookLogin(configs);
        return auth ? linkProvider({ provider: 'facebook', ...auth }) : null;
      }
      return null;
    },
    onSuccess: async (claim, { name }) => {
      if (!claim) return;
      notifyDone(t('link_add_success', { provider: name }));
      await refresh();
    },
    onError: (err) => notifyFailed(err, tr),
  });
  const linkGoogle = useMutation({
    mutationFn: (credential: string) => linkProvider({ provider: 'google', credential }),
    onSuccess: async () => {
      notifyDone(t('link_add_success', { provider: 'Google' }));
      await refresh();
    },
    onError: (err) => notifyFailed(err, tr),
  });

  // Back from Zalo: say how it went, once.
  useEffect(() => {
    const linked = search.get('linked');
    const failed = search.get('linkError');
    if (!linked && !failed) return;
    if (linked === 'zalo') notifyDone(t('link_add_success', { provider: 'Zalo' }));
    // Only a message of the catalogue (the loaded one: the contracts' isMessageKey would bring both
    // languages' catalogues into the page): the address bar is anyone's to write.
    if (failed) notifyRefused(tr(i18n.exists(failed) ? failed : 'login_invalid_external_info'));
    const next = new URLSearchParams(search);
    next.delete('linked');
    next.delete('linkError');
    setSearch(next, { replace: true });
  }, [search, setSearch, t, tr, i18n]);

  const unlink = ({ claim, name }: Link) => {
    if (!claim) return;
    openConfirm({
      title: t('info_social_unlink_named', { provider: name }),
      centered: true,
      children: <Text fz="sm">{t('info_social_unlink_confirm', { provider: name })}</Text>,
      labels: { confirm: t('info_social_unlink'), cancel: t('common_cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate({ claimId: claim.id, providerName: name }),
    });
  };

  if (links.length === 0) return null;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      bg="white"
      component="section"
      aria-labelledby="social-title"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="social-title">
            {t('info_social_title')}
          </Title>
          <Text c="dimmed" fz="sm" mt={2}>
            {t('info_social_intro')}
          </Text>
        </div>
        {links.map((item) => (
          <Group key={item.id} justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ProviderMark id={item.id} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{item.name}</Text>
                <Text fz="sm" c="dimmed" truncate>
                  {item.claim ? t('info_social_linked') : t('info_social_not_linked')}
                </Text>
              </Stack>
            </Group>
            {item.claim ? (
              <Button
                variant="light"
                color="red"
                size="compact-md"
                aria-label={t('info_social_unlink_named', { provider: item.name })}
                onClick={() => unlink(item)}
              >
                {t('info_social_unlink')}
              </Button>
            ) : item.id === 'google' ? (
              <GoogleButton
                text="continue_with"
                width={220}
                busy={linkGoogle.isPending}
                onCredential={(credential) => linkGoogle.mutate(credential)}
              />
            ) : (
              <Button
                variant="light"
                size="compact-md"
                aria-label={t('info_social_link_named', { provider: item.name })}
                loading={link.isPending && link.variables?.id === item.id}
                onClick={() => link.mutate(item)}
              >
                {t('info_social_link')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function ProviderMark({ id }: { id: Link['id'] }) {
  if (id === 'facebook') return <FacebookMark />;
  if (id === 'zalo') return <ZaloMark />;
  return (
    <Center w={20} h={20} aria-hidden>
      <Text fw={800} fz={18} c="#4285F4" lh={1}>
        G
      </Text>
    </Center>
  );
}
