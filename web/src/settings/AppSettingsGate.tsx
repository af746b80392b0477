import type { ReactNode } from 'react';
import { FullPageLoader } from '../components/FullPageLoader';
import { useAppSettings } from './useAppSettings';

/** Holds rendering until app settings are loaded (or failed: then the defaults are used). */
export function AppSettingsGate({ children }: { children: ReactNode }) {
  const { isLoading } = useAppSettings();
  return isLoading ? <FullPageLoader /> : children;
}
