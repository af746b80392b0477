import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Logo } from '../components/Logo';
import { useEmbedded } from '../embed';
import { useLocale } from '../hooks/useLocale';
import { useAppSettings } from '../settings/useAppSettings';
import { useBrand } from '../settings/useBrand';
import classes from './layouts.module.css';

/** Public pages: marketing banner (logo, product name — the sending product's brand — language switch) unless embedded. */
export function PublicLayout() {
  const { t } = useTranslation();
  const embedded = useEmbedded();
  const { settings } = useAppSettings();
  const brand = useBrand();
  const { to } = useLocale();

  return (
    <Box className={classes.page} data-embedded={embedded || undefined}>
      {!embedded && (
        <Box component="header" className={classes.banner}>
          <Container size="lg" h="100%">
            <Group justify="space-between" h="100%" wrap="nowrap">
              <Anchor component={Link} to={to('/')} underline="never" aria-label={brand.name}>
                <Logo name={brand.name} logo={brand.logo} color="white" />
              </Anchor>
              <Group gap="lg" wrap="nowrap">
                <Text c="white" fz="sm" fw={500} opacity={0.9} visibleFrom="md">
                  {t('banner_tagline')}
                </Text>
                <LanguageSwitch variant="white" />
              </Group>
            </Group>
          </Container>
        </Box>
      )}
      <Box component="main" className={classes.main}>
        <Container size="lg" py={embedded ? 'md' : { base: 'md', sm: 'xl' }}>
          <Outlet />
        </Container>
      </Box>
      {!embedded && (
        <Box component="footer" py="md">
          <Text ta="center" fz="xs" c="dimmed">
            {t('footer_rights', { year: new Date().getFullYear(), name: settings.productName })}
          </Text>
        </Box>
      )}
    </Box>
  );
}
