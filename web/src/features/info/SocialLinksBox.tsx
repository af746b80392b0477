import { Badge, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { GeneralProfile } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../chrome/openConfirm';
import { looseT } from '../../i18n/t';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { cancelLinking, INFO_QUERY_KEY } from './api';
import { socialLinks } from './logic';

type Link = ReturnType<typeof socialLinks>[number];

/** Facebook and Google: linked (with the account and an unlink button, confirmed) or not (spec account §2). */
export function SocialLinksBox({ profile }: { profile: GeneralProfile }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const queryClient = useQueryClient();
  const links = socialLinks(profile.userClaims);
  const cancel = useMutation({
    mutationFn: cancelLinking,
    onSuccess: async () => {
      notifyDone(t('link_remove_success'));
      await queryClient.invalidateQueries({ queryKey: INFO_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['current-user'] });
    },
    onError: (err) => notifyFailed(err, tr),
  });

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
        {links.map((link) => (
          <Group key={link.name} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ProviderMark name={link.name} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{link.name}</Text>
                {link.claim && (
                  <Text fz="sm" c="dimmed" truncate>
                    {link.claim.claimValue}
                  </Text>
                )}
              </Stack>
            </Group>
            {link.claim ? (
              <Group gap="sm" wrap="nowrap">
                <Badge color="teal" variant="light" visibleFrom="xs">
                  {t('info_social_linked')}
                </Badge>
                <Button
                  variant="light"
                  color="red"
                  size="compact-md"
                  aria-label={t('info_social_unlink_named', { provider: link.name })}
                  onClick={() => unlink(link)}
                >
                  {t('info_social_unlink')}
                </Button>
              </Group>
            ) : (
              <Badge color="gray" variant="light">
                {t('info_social_not_linked')}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function ProviderMark({ name }: { name: 'Facebook' | 'Google' }) {
  const facebook = name === 'Facebook';
  return (
    <Center
      w={40}
      h={40}
      style={{
        borderRadius: '50%',
        flex: '0 0 auto',
        background: facebook ? '#1877F2' : 'white',
        border: facebook ? undefined : '1px solid var(--mantine-color-gray-3)',
      }}
      aria-hidden
    >
      <Text fw={800} fz={20} c={facebook ? 'white' : '#4285F4'} lh={1}>
        {facebook ? 'f' : 'G'}
      </Text>
    </Center>
  );
}
