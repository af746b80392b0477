import { useEffect, useRef, useState } from 'react';
import { deleteCookie, readCookie, writeCookie } from '../lib/cookies';
import { resumeFromCookie } from '../lib/resume';

export interface ResumeCookie {
  /** True until the server has said whether the stored flow is still in progress. */
  loading: boolean;
  /** Keeps the flow's username once its code is sent. */
  remember: (username: string) => void;
  /** The flow is over or abandoned. */
  forget: () => void;
}

/**
 * The resume-cookie pattern of the code flows (spec §3, §4; web/src/lib/cookies.ts): a cookie
 * keeps the username of a flow whose code was sent; on load the server's check-process call says
 * whether it still runs, and `onResume` takes the page to the code step with the seconds left.
 * A stale cookie is deleted.
 */
export function useResumeCookie(
  cookie: string,
  check: (username: string) => Promise<{ times: number }>,
  onResume: (username: string, times: number) => void,
): ResumeCookie {
  const [loading, setLoading] = useState(true);
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first render's cookie
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void resumeFromCookie(readCookie(cookie), check, () => deleteCookie(cookie)).then((start) => {
      if (start.step === 2) onResume(start.username, start.times);
      setLoading(false);
    });
  }, []);

  return {
    loading,
    remember: (username) => writeCookie(cookie, username),
    forget: () => deleteCookie(cookie),
  };
}
