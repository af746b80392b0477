import type { MessageKey } from '@portico/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { looseT } from '../i18n/t';
import { useAppSettings } from '../settings/useAppSettings';

/** Title template: document.title = '<translated key> | <product name>'. */
export const usePageTitle = (key: MessageKey, options?: Record<string, unknown>): void => {
  const { t } = useTranslation();
  const { settings } = useAppSettings();
  const productName = settings.productName || 'Portico';
  const text = looseT(t)(key, options);
  useEffect(() => {
    document.title = `${text} | ${productName}`;
  }, [text, productName]);
};
