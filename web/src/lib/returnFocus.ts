/**
 * Gives the focus back to `element` once it can take it again (issue 32 point 5, keyboard use):
 * a button that opened a dialog is often busy (Mantine's `loading` disables it) until the call
 * behind the dialog settles, so the dialog's own focus return lands on a disabled button and the
 * focus falls to the page. Waits up to two seconds; does nothing when the focus went elsewhere.
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
