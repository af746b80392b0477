import { useEffect } from 'react';
import { postToHost } from './bridge';
import { isInIframe } from './detect';

/** Iframe resize poll interval (spec: 100 ms). */
export const RESIZE_POLL_MS = 100;

/**
 * The content's height: the app's root, not the document, whose height is at least the frame's
 * (a frame sized to it could grow and never shrink back); the document where there is no root.
 */
const documentHeight = (doc: Document): number => {
  const root = doc.getElementById('root');
  if (root) return Math.ceil(root.getBoundingClientRect().height);
  return Math.max(doc.body?.scrollHeight ?? 0, doc.documentElement.scrollHeight);
};

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
