import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A centered loader filling the viewport (app start, session check). */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-label={t('app_loading')}>
      <Loader size="lg" type="dots" />
    </Center>
  );
}

/** A centered loader inside a page area (lazy pages), with what is happening when there is more to say. */
export function PageLoader({ message }: { message?: string }) {
  const { t } = useTranslation();
  if (!message)
    return (
      <Center py={80} role="status" aria-label={t('app_loading')}>
        <Loader type="dots" />
      </Center>
    );
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" role="status">
        <Loader type="dots" />
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}
