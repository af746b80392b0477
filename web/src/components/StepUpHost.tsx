import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { addStepUpHandler } from '../api/endpoint';
import { lastFocused, returnFocus } from '../lib/returnFocus';

// The step-up dialog's host (contracts/src/step-up.ts): tiny, mounted with the app's providers
// (web/src/App.tsx), so its handler is plugged before any page can make a protected call (inside
// the lazy modal host it could be late on a slow machine, and the call then failed); the dialog
// itself is a chunk of its own, loaded when a call first asks for a proof.
const StepUpDialog = lazy(() => import('./StepUpDialog'));

/** Registers the handler and shows the dialog while a call waits for a proof. */
export function StepUpHost() {
  const [pending, setPending] = useState<{ done: (proven: boolean) => void } | null>(null);
  const waiting = useRef<Promise<boolean> | null>(null);

  useEffect(() => {
    lastFocused(); // starts noting the focus, so the first dialog knows its button
    return addStepUpHandler(() => {
      // Calls that ask at once share one dialog and one answer. The focus goes back to what
      // opened it (a button the call keeps busy until it settles) once that can take it.
      waiting.current ??= new Promise<boolean>((resolve) => {
        const trigger = lastFocused();
        setPending({
          done: (proven) => {
            waiting.current = null;
            setPending(null);
            resolve(proven);
            returnFocus(trigger);
          },
        });
      });
      return waiting.current;
    });
  }, []);

  return pending ? (
    <Suspense fallback={null}>
      <StepUpDialog onDone={pending.done} />
    </Suspense>
  ) : null;
}
