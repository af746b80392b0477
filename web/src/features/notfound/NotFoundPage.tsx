import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { NotFoundIllustration } from './NotFoundIllustration';

/** 404: the page is under construction or does not exist; a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  usePageTitle('notfound_title');
  return (
    <Stack align="center" gap="md" py={{ base: 'lg', sm: 48 }} px="md" ta="center" maw={560} mx="auto">
      <NotFoundIllustration />
      <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.25}>
        {t('notfound_heading')}
      </Title>
      <Text c="dimmed" fz="md">
        {t('notfound_text')}
      </Text>
      <Button component={Link} to={to('/')} size="md" radius="xl" mt="xs">
        {t('notfound_home')}
      </Button>
    </Stack>
  );
}

export default NotFoundPage;
