// The server's first paint of this login page (server/src/web/first-paint.ts): shown until the
// app's own form is in place. Taking it removes it, gives back what was typed in it meanwhile, and
// does again in the app what was pressed there (its script marks it).

const FIRST_PAINT_ID = 'first-paint';
/** What can be pressed in the card; the same components draw both, so the same place is the same button. */
const PRESSABLE = 'button,[role=tab]';

export type TakenFirstPaint = { username: string; clicked?: number; submitted: boolean };

/** Removes the first paint, if the page has one: what was typed and pressed in it. */
export function takeFirstPaint(doc: Document = document): TakenFirstPaint | undefined {
  const painted = doc.getElementById(FIRST_PAINT_ID);
  if (!painted) return undefined;
  const username = painted.querySelector<HTMLInputElement>('input[name="username"]')?.value ?? '';
  const clicked = painted.dataset.clicked === undefined ? undefined : Number(painted.dataset.clicked);
  const label = clicked === undefined ? undefined : painted.querySelectorAll(PRESSABLE)[clicked]?.textContent;
  const submitted = painted.dataset.submitted === '1';
  painted.remove();
  // After this commit (the typed name is in the form's values by then): the same button of the
  // app's page, if it says the same, else the form that was sent.
  requestAnimationFrame(() => {
    const root = doc.getElementById('root');
    const button = clicked === undefined ? undefined : root?.querySelectorAll<HTMLElement>(PRESSABLE)[clicked];
    if (button && button.textContent === label) button.click();
    else if (submitted) root?.querySelector('form')?.requestSubmit();
  });
  return { username, clicked, submitted };
}
