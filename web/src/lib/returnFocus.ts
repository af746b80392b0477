/**
 * The element that last had the focus (a focusin listener installed once): what a dialog opened
 * by a busy button gives the focus back to. Mantine's `loading` disables a button, so the focus
 * falls to the page as soon as its call starts, before any dialog that call opens can note it.
 */
let last: Element | null = null;
let tracking = false;
export function lastFocused(): Element | null {
  if (!tracking && typeof document !== 'undefined') {
    tracking = true;
    document.addEventListener('focusin', (event) => {
      if (event.target instanceof HTMLElement && event.target !== document.body) last = event.target;
    });
  }
  return last;
}

/**
 * Gives the focus back to `element` once it can take it again (issue 32 point 5, keyboard use): a
 * button that opened a dialog stays busy until the call behind the dialog settles, so the dialog's
 * own focus return lands on a disabled button. Waits up to two seconds; does nothing when the
 * focus went elsewhere meanwhile.
 */
export function returnFocus(element: Element | null, waitMs = 2000): void {
  if (!(element instanceof HTMLElement) || element === document.body) return;
  const started = Date.now();
  const attempt = () => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost || !element.isConnected) return;
    if (!element.matches(':disabled, [data-loading]')) {
      element.focus();
      return;
    }
    if (Date.now() - started < waitMs) window.setTimeout(attempt, 50);
  };
  window.setTimeout(attempt, 0);
}
