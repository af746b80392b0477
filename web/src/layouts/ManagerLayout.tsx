import { AppShell, Avatar, Burger, Group, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { GUARDIAN_PAGE } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Icon } from '../components/Icon';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Logo } from '../components/Logo';
import { useLocale } from '../hooks/useLocale';
import { stripLocalePrefix } from '../i18n/locale';
import { looseT } from '../i18n/t';
import { useSession } from '../session/session';
import { useCurrentUser } from '../session/useCurrentUser';
import { useSavedLanguage } from '../session/useSavedLanguage';
import { useUserName } from '../session/useUserName';
import { useAccountMenu } from '../settings/useAccountMenu';
import { useAppSettings } from '../settings/useAppSettings';
import classes from './layouts.module.css';

/** Signed-in account pages: header (burger, logo, language, user) and the account menu. */
export function ManagerLayout() {
  const { t } = useTranslation();
  const tr = looseT(t);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { settings } = useAppSettings();
  const session = useSession();
  const menu = useAccountMenu();
  const { to } = useLocale();
  const { pathname } = useLocation();
  const current = stripLocalePrefix(pathname);
  const user = useUserName();
  useSavedLanguage();
  const userName = user.name || t('header_account');
  // A child's account waiting for its guardian has only the guardian page, and deleting itself
  // (contracts/src/guardian.ts).
  const awaitsGuardian = useCurrentUser()?.awaits_guardian === true && current !== '/security/delete';

  const isActive = (path: string) =>
    path === '/account' ? current === path : current === path || current.startsWith(`${path}/`);

  if (awaitsGuardian) return <Navigate to={to(GUARDIAN_PAGE)} replace />;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav_toggle')} />
            <UnstyledButton
              component={Link}
              to={to('/account')}
              aria-label={settings.productName}
              style={{ minWidth: 0 }}
            >
              <Logo name={settings.productName} size={32} />
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <LanguageSwitch compact />
            <Group gap={8} wrap="nowrap">
              <Avatar color="brand" radius="xl" size={34} alt={userName}>
                {session.user ? user.initials : null}
              </Avatar>
              <Text fw={600} fz="sm" visibleFrom="xs" maw={160} truncate>
                {userName}
              </Text>
            </Group>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label={t('nav_account_menu')}>
        <AppShell.Section grow component={ScrollArea}>
          <NavLink
            component={Link}
            to={to('/account')}
            label={t('menu_home')}
            leftSection={<Icon name="home" />}
            active={isActive('/account')}
            className={classes.navLink}
            onClick={close}
          />
          {menu.map((item) => (
            <NavLink
              key={item.path}
              component={Link}
              to={to(item.path)}
              label={tr(item.key)}
              leftSection={<Icon name={item.icon} />}
              active={isActive(item.path)}
              className={classes.navLink}
              onClick={close}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
