import { useEffect, useState } from 'react';

const seen = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Whether the page's tab is seen (Page Visibility API); true where the API is missing. */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(seen);
  useEffect(() => {
    const change = () => setVisible(seen());
    document.addEventListener('visibilitychange', change);
    return () => document.removeEventListener('visibilitychange', change);
  }, []);
  return visible;
}
