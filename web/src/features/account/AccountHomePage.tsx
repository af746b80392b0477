import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { looseT } from '../../i18n/t';
import classes from '../../layouts/layouts.module.css';
import { useUserName } from '../../session/useUserName';
import { externalUrl, useAccountMenu } from '../../settings/useAccountMenu';
import { useAppSettings } from '../../settings/useAppSettings';

/** /account: welcome text, a tile per account menu entry, help and about links. */
export function AccountHomePage() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const { to } = useLocale();
  const { settings } = useAppSettings();
  const menu = useAccountMenu();
  usePageTitle('account_title');

  const name = useUserName().name || t('header_account');
  // Help and about, each where its domain is configured.
  const links = [
    { icon: 'help', url: externalUrl(settings.configs.helpDomain), label: t('account_help') },
    { icon: 'info', url: externalUrl(settings.configs.publicDomain), label: t('account_about') },
  ].filter((link) => link.url);

  return (
    <Stack gap="xl" maw={1040} mx="auto">
      <Paper className={classes.welcome} radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('account_welcome', { name })}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('account_intro')}
        </Text>
      </Paper>

      {menu.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
          {menu.map((item) => (
            <Card
              key={item.path}
              component={Link}
              to={to(item.path)}
              withBorder
              radius="lg"
              p="md"
              className={classes.tile}
            >
              <Group gap="md" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light" color="brand">
                  <Icon name={item.icon} size={22} />
                </ThemeIcon>
                <Text fw={600}>{tr(item.key)}</Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed" ta="center" py="lg">
          {t('account_menu_empty')}
        </Text>
      )}

      {links.length > 0 && (
        <Group justify="center" gap="xl">
          {links.map((link) => (
            <Anchor key={link.icon} href={link.url ?? undefined} target="_blank" rel="noopener noreferrer" fw={500}>
              <Group gap={6} wrap="nowrap">
                <Icon name={link.icon} size={18} />
                {link.label}
              </Group>
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}

export default AccountHomePage;
