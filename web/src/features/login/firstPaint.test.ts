import { afterEach, describe, expect, it } from 'vitest';
import { resumeFirstPaint, takeFirstPaint } from './firstPaint';

describe("the server's first paint of the login page", () => {
  afterEach(() => {
    document.getElementById('first-paint')?.remove();
    document.getElementById('root')?.remove();
  });

  it('is taken once: removed, with the name typed in it', () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="first-paint"><form><input name="username" value=""></form></div>',
    );
    const input = document.querySelector<HTMLInputElement>('#first-paint input');
    if (input) input.value = 'ana@example.com';
    expect(takeFirstPaint()).toEqual({ username: 'ana@example.com', submitted: false });
    expect(document.getElementById('first-paint')).toBeNull();
    // Removed by whatever showed first, it waits for the login form, which takes it once.
    expect(resumeFirstPaint()).toEqual({ username: 'ana@example.com', submitted: false });
    expect(resumeFirstPaint()).toBeUndefined();
    expect(takeFirstPaint()).toBeUndefined();
  });

  it('says whether its form was sent before the app ran', () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="first-paint" data-submitted="1"></div>');
    expect(resumeFirstPaint()).toEqual({ username: '', submitted: true });
  });

  /** The buttons the app's card has pressed after taking a first paint whose second button was pressed. */
  async function pressedInApp(appCard: string): Promise<string[]> {
    document.body.insertAdjacentHTML(
      'afterbegin',
      `<div id="first-paint" data-clicked="1"><button>Sign in</button><button>QR</button></div><div id="root">${appCard}</div>`,
    );
    const pressed: string[] = [];
    document
      .getElementById('root')
      ?.addEventListener('click', (e) => pressed.push((e.target as HTMLElement).textContent ?? ''));
    resumeFirstPaint();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return pressed;
  }

  it('waits for the login form when a loader took its place first: the press is done then, not lost', async () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="first-paint" data-clicked="0"><form><input name="username" value="ana@example.com"><button>Next</button></form></div><div id="root"><div>…</div></div>',
    );
    takeFirstPaint(); // the page's loader shows first
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const root = document.getElementById('root');
    if (root) root.innerHTML = '<form><button type="button">Next</button></form>';
    const pressed: string[] = [];
    root?.addEventListener('click', (e) => pressed.push((e.target as HTMLElement).textContent ?? ''));
    expect(resumeFirstPaint()?.username).toBe('ana@example.com');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(pressed).toEqual(['Next']);
  });

  it("presses again, once the app's card is in place, the button pressed in it, if it says the same", async () => {
    expect(await pressedInApp('<button>Sign in</button><button>QR</button>')).toEqual(['QR']);
    document.getElementById('root')?.remove();
    // A card that differs there: nothing is pressed.
    expect(await pressedInApp('<button>Sign in</button><button>Register</button>')).toEqual([]);
  });
});
