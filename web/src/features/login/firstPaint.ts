// The server's first paint of this login page (server/src/web/first-paint.ts): shown until the
// app's own form is in place. Taking it removes it, gives back what was typed in it meanwhile, and
// does again in the app what was pressed there (its script marks it).

const FIRST_PAINT_ID = 'first-paint';
/** What can be pressed in the card; the same components draw both, so the same place is the same button. */
const PRESSABLE = 'button,[role=tab]';

export type TakenFirstPaint = { username: string; clicked?: number; submitted: boolean };

/** What the first paint held, kept from its removal until the login form takes it (the button's text too). */
let waiting: (TakenFirstPaint & { label?: string | null }) | undefined;

/**
 * Removes the first paint, if the page has one, keeping what was typed and pressed in it for the
 * login form (resumeFirstPaint): whatever the app shows first (a loader while a part of the login
 * card still loads, an error) takes the first paint's place, and the form may come a moment later.
 */
export function takeFirstPaint(doc: Document = document): TakenFirstPaint | undefined {
  const painted = doc.getElementById(FIRST_PAINT_ID);
  if (painted) {
    const username = painted.querySelector<HTMLInputElement>('input[name="username"]')?.value ?? '';
    const clicked = painted.dataset.clicked === undefined ? undefined : Number(painted.dataset.clicked);
    const label = clicked === undefined ? undefined : painted.querySelectorAll(PRESSABLE)[clicked]?.textContent;
    waiting = {
      username,
      ...(clicked === undefined ? {} : { clicked }),
      submitted: painted.dataset.submitted === '1',
      label,
    };
    painted.remove();
  }
  if (!waiting) return undefined;
  const { label: _label, ...taken } = waiting;
  return taken;
}

/**
 * The login form in place: what was typed in the first paint (taken once), and, after this commit
 * (the typed name is in the form's values by then), what was pressed there done again: the same
 * button of the app's card, if it says the same, else the form that was sent.
 */
export function resumeFirstPaint(doc: Document = document): TakenFirstPaint | undefined {
  const taken = takeFirstPaint(doc);
  const label = waiting?.label;
  waiting = undefined;
  if (!taken) return undefined;
  requestAnimationFrame(() => {
    const root = doc.getElementById('root');
    const clicked = taken.clicked;
    const button = clicked === undefined ? undefined : root?.querySelectorAll<HTMLElement>(PRESSABLE)[clicked];
    if (button && button.textContent === label) button.click();
    else if (taken.submitted) root?.querySelector('form')?.requestSubmit();
  });
  return taken;
}
