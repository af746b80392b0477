import { useEffect } from 'react';
import { postToHost } from './bridge';
import { isInIframe } from './detect';

/** Iframe resize poll interval (spec: 100 ms). */
export const RESIZE_POLL_MS = 100;

/** What Mantine draws outside the root (web/src/chrome): dropdowns, and the dialogs in their overlay. */
const OVERLAYS = '[data-portal] > *, [data-portal] [role="dialog"]';

/**
 * The content's height: the bottom of the app's root, or of an open dropdown or dialog below it;
 * not the document's, which is at least the frame's (a frame sized to it could grow and never
 * shrink back). The document's where there is no root.
 */
const documentHeight = (doc: Document): number => {
  const root = doc.getElementById('root');
  if (!root) return Math.max(doc.body?.scrollHeight ?? 0, doc.documentElement.scrollHeight);
  const scrollY = doc.defaultView?.scrollY ?? 0;
  let bottom = root.getBoundingClientRect().bottom;
  for (const el of doc.querySelectorAll(OVERLAYS)) bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
  return Math.ceil(bottom + scrollY);
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
