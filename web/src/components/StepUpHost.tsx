import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler } from '../api/endpoint';

// The step-up dialog's host (contracts/src/step-up.ts): tiny, mounted with the account layouts'
// modal host (web/src/chrome/ModalsHost.tsx); the dialog itself is a chunk of its own, loaded when
// a call first asks for a proof, so the modal host (and the confirm modals) load as fast as before.
const StepUpDialog = lazy(() => import('./StepUpDialog'));

/** Registers the handler and shows the dialog while a call waits for a proof. */
export function StepUpHost() {
  const [pending, setPending] = useState<{ done: (proven: boolean) => void } | null>(null);
  const waiting = useRef<Promise<boolean> | null>(null);

  useEffect(() => {
    setStepUpHandler(() => {
      // Calls that ask at once share one dialog and one answer.
      waiting.current ??= new Promise<boolean>((resolve) => {
        setPending({
          done: (proven) => {
            waiting.current = null;
            setPending(null);
            resolve(proven);
          },
        });
      });
      return waiting.current;
    });
    return () => setStepUpHandler(null);
  }, []);

  return pending ? (
    <Suspense fallback={null}>
      <StepUpDialog onDone={pending.done} />
    </Suspense>
  ) : null;
}
