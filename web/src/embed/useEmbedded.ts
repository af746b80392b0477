import { useLocation } from 'react-router';
import { isEmbedded } from './detect';

/** Whether the current page runs embedded (route under /app, ?embedded=1 / ?iframe=1, iframe). */
export const useEmbedded = (): boolean => {
  const { pathname, search } = useLocation();
  return isEmbedded(pathname, search);
};
