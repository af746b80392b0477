import { useEffect } from 'react';
import { postToHost } from './bridge';
import { isInIframe } from './detect';

/** Iframe resize poll interval (spec: 100 ms). */
export const RESIZE_POLL_MS = 100;

const documentHeight = (doc: Document): number =>
  Math.max(doc.body?.scrollHeight ?? 0, doc.documentElement.scrollHeight);

/**
 * Polls the document height every 100 ms and posts { type: 'resize', height } to the parent
 * when it changes. Returns the stop function.
 */
export const startResizePoll = (
  post: (height: number) => void = (height) => postToHost('resize', { height }),
  doc: Document = document,
  intervalMs = RESIZE_POLL_MS,
): (() => void) => {
  let last = -1;
  const tick = () => {
    const height = documentHeight(doc);
    if (height !== last) {
      last = height;
      post(height);
    }
  };
  tick();
  const id = setInterval(tick, intervalMs);
  return () => clearInterval(id);
};

/** Runs the resize poll while mounted, only when the page is inside an iframe. */
export const useResizePoll = (): void => {
  useEffect(() => (isInIframe() ? startResizePoll() : undefined), []);
};
