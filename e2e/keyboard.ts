import type { Messages } from '@portico/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// The keyboard-only steps of the e2e journeys (issue 32 point 5): reach a control with Tab as a
// person with a keyboard does, and check that the focus shows. keyboard.e2e.ts and the journeys
// of the other files that are done with the keyboard use them.

/**
 * Tabs forward (Shift+Tab with `back`) until `target` has the focus (at most `max` presses), as a
 * person with a keyboard does; fails when it cannot be reached. Then checks that the focus shows: an outline of at
 * least 2 px (Mantine's focus-visible ring, web/src/chrome/focus.css for text fields).
 */
export async function tabTo(page: Page, target: Locator, max = 60, back = false) {
  // Shown first (a step still loading takes no focus), except an input its label draws (a
  // segmented control's radio, a switch), which is never shown itself.
  await target.waitFor({ state: 'attached' });
  const drawnByLabel = await target.evaluate(
    (el) => el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox'),
  );
  if (!drawnByLabel) await target.waitFor();
  // A control still disabled (a ward select waiting for its province's list) takes no focus yet.
  await expect.poll(() => target.isEnabled(), { message: `${target} enabled`, timeout: 15_000 }).toBe(true);
  // Asked in the element's own document, so a field inside a frame (an embedded page) counts;
  // found again each time, as the page may draw the control anew (its language loaded). A page
  // that is leaving (the login page moving to its language's path) answers nothing: not yet.
  const hasFocus = () =>
    target
      .evaluate((el) => el.ownerDocument.hasFocus() && el === el.ownerDocument.activeElement, undefined, {
        timeout: 5_000,
      })
      .catch(() => false);
  // The focused element's ring, or its field's (a password field's input sits inside the bordered
  // wrapper that shows the ring on :focus-within).
  const ringOf = () =>
    target
      .evaluate((el) => {
        // A hidden input (a segmented control's radio, a switch) shows its ring on its label or on
        // the element drawn beside it (the switch's track); the hidden input's own does not count.
        const input = el instanceof HTMLInputElement ? el : undefined;
        const hidden = input && (getComputedStyle(input).opacity === '0' || input.getBoundingClientRect().width <= 1);
        const drawn = hidden ? [...Array.from(input.labels ?? []), input.nextElementSibling] : [el];
        const shown = [...drawn, el.closest('.mantine-Input-input')].filter((x): x is Element => !!x);
        const rings = shown.map((x) => getComputedStyle(x)).filter((s) => s.outlineStyle !== 'none');
        const best = rings.sort((a, b) => Number.parseFloat(b.outlineWidth) - Number.parseFloat(a.outlineWidth))[0];
        return { width: best ? Number.parseFloat(best.outlineWidth) : 0, style: best?.outlineStyle ?? 'none' };
      })
      .catch(() => ({ width: Number.NaN, style: 'unreadable' }));
  const shows = (ring: { width: number; style: string }) => ring.style !== 'none' && ring.width >= 2;
  // Already there (the step before left the focus on it): its ring is checked all the same.
  for (let i = 0; i <= max; i++) {
    if (i > 0 || !(await hasFocus())) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (!(await hasFocus())) continue;
    // Read again for a moment while the page settles (a style still applying, a page leaving).
    let ring = await ringOf();
    for (let wait = 0; wait < 10 && !shows(ring) && (await hasFocus()); wait++) {
      await page.waitForTimeout(100);
      ring = await ringOf();
    }
    // The focus moved on meanwhile (the page drew the step anew): Tab on to it again.
    if (!shows(ring) && !(await hasFocus())) continue;
    expect(ring.style, 'a visible focus ring').not.toBe('none');
    expect(ring.width, 'a focus ring of at least 2 px').toBeGreaterThanOrEqual(2);
    return;
  }
  const where = await page.evaluate(() => ({
    focus: document.hasFocus(),
    active: `${document.activeElement?.tagName} ${document.activeElement?.textContent?.slice(0, 40)}`,
    url: location.href,
  }));
  throw new Error(`could not reach ${target} with Tab (${JSON.stringify(where)})`);
}

/** The element that has the focus: its tag and text (the page's body when nothing has it). */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent ?? ''}`.trim();
  });

/** Typing goes to `field`: it has the focus already (a step that focuses it), or Tab reaches it. */
export async function focusField(page: Page, field: Locator, max = 20) {
  await tabTo(page, field, max);
}

/** The page itself moved the focus to `field` (a step that opens focused on its field). */
export async function expectFocused(field: Locator) {
  await expect
    .poll(() => field.evaluate((el) => el.ownerDocument.hasFocus() && el === el.ownerDocument.activeElement), {
      message: `${field} has the focus`,
    })
    .toBe(true);
}

/** Login steps 1 and 2 with the keys: Tab to the username, type it, Enter; the password, Enter. */
export async function signInWithKeys(page: Page, t: Messages, username: string, password: string) {
  await tabTo(page, page.getByLabel(t.login_username_label));
  await page.keyboard.type(username);
  await page.keyboard.press('Enter');
  await focusField(page, page.locator('input[name=password]'));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/** The step-up dialog answered with the keys: its password field, the password, Enter. */
export async function stepUpWithKeys(page: Page, t: Messages, password: string) {
  const dialog = page.getByRole('dialog', { name: t.step_up_title });
  await focusField(page, dialog.getByLabel(t.step_up_password_label), 10);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

/** Tab to a button (or link) and press Enter on it. */
export async function pressWithKeys(page: Page, target: Locator, max = 60) {
  await tabTo(page, target, max);
  await page.keyboard.press('Enter');
}

/**
 * A radio group (a segmented control, a list of options): one Tab stop, at its checked option;
 * the arrow key moves until `option` is checked.
 */
export async function chooseWithArrows(page: Page, group: Locator, option: Locator, max = 8) {
  await tabTo(page, group.locator('input[type=radio]:checked'));
  for (let i = 0; i < max && !(await option.isChecked()); i++) await page.keyboard.press('ArrowRight');
  expect(await option.isChecked(), 'the arrow keys reach the option').toBe(true);
}

/** A tab of a tab list: one Tab stop, at its selected tab; the arrow keys move to `tab`, which is then selected. */
export async function chooseTabWithKeys(page: Page, tab: Locator, max = 10) {
  const list = page.getByRole('tablist').filter({ has: tab });
  // Back to the list: it sits above the panel the focus is usually in.
  await tabTo(page, list.getByRole('tab', { selected: true }), 60, true);
  // The arrow keys move the focus (and select, where the list selects on focus); Enter selects.
  for (let i = 0; i < max && !(await tab.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowRight');
  if ((await tab.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('Enter');
  await expect.poll(() => tab.getAttribute('aria-selected'), { message: 'the keys select the tab' }).toBe('true');
}

/** A text field reached with Tab, and `text` typed into it. */
export async function typeWithKeys(page: Page, field: Locator, text: string, max = 30, back = false) {
  await tabTo(page, field, max, back);
  await page.keyboard.type(text);
}

/**
 * An option of a select or a searchable select (a combobox): Tab to its field, type `search` when
 * given, then the arrow keys move through the list until `name` is the active option, and Enter
 * picks it.
 */
export async function pickWithKeys(page: Page, field: Locator, name: string, search?: string) {
  await tabTo(page, field);
  if (search) await page.keyboard.type(search);
  if (!search) await page.keyboard.press('ArrowDown');
  // Mantine's combobox marks the option the arrow keys are on.
  const option = page.getByRole('option', { name, exact: true }).first();
  await option.waitFor();
  for (let i = 0; i < 40 && (await option.getAttribute('data-combobox-selected')) === null; i++)
    await page.keyboard.press('ArrowDown');
  expect(await option.getAttribute('data-combobox-selected'), `the arrow keys reach ${name}`).not.toBeNull();
  await page.keyboard.press('Enter');
  await expect.poll(() => field.inputValue(), { message: `${name} picked with the keys` }).toBe(name);
}

/** A file input opened from its button with Enter (the browser's file dialog), given `file`. */
export async function chooseFileWithKeys(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await tabTo(page, button);
  const chooser = page.waitForEvent('filechooser');
  // Playwright turns the dialog's interception on when the waiter is added, asynchronously: one
  // round trip to the page first, so the Enter below cannot open a real dialog instead.
  await page.evaluate(() => 0);
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
}

/** A menu opened from its button with Enter; the arrow keys move to `item`, Enter chooses it. */
export async function menuItemWithKeys(page: Page, button: Locator, item: Locator) {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await item.waitFor();
  for (let i = 0; i < 10 && !(await item.evaluate((el) => el === el.ownerDocument.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  expect(await item.evaluate((el) => el === el.ownerDocument.activeElement), `the arrow keys reach ${item}`).toBe(true);
  await page.keyboard.press('Enter');
}
