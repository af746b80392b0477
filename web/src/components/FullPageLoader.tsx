import { Center, Loader } from '@mantine/core';
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

/** A centered loader inside a page area (lazy pages). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={80} role="status" aria-label={t('app_loading')}>
      <Loader type="dots" />
    </Center>
  );
}
