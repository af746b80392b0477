import type { MenuItem } from '@portico/contracts';
import { useMemo } from 'react';
import { useIsKnownPath } from '../routing/knownRoutes';
import { useAppSettings } from './useAppSettings';

/** The app-settings account menu, keeping only entries whose route exists in the app. */
export const useAccountMenu = (): MenuItem[] => {
  const { settings } = useAppSettings();
  const isKnown = useIsKnownPath();
  return useMemo(() => settings.menu.filter((item) => isKnown(item.path)), [settings.menu, isKnown]);
};

/** A help/about address from a configured domain: 'help.example.com' -> https://help.example.com. */
export const externalUrl = (domain: string): string | null => {
  const value = domain.trim();
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
};
