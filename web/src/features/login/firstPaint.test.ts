import { afterEach, describe, expect, it } from 'vitest';
import { takeFirstPaint } from './firstPaint';

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
    expect(takeFirstPaint()).toBeUndefined();
  });

  it('says whether its form was sent before the app ran', () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="first-paint" data-submitted="1"></div>');
    expect(takeFirstPaint()).toEqual({ username: '', submitted: true });
  });

  it("presses again, once the app's card is in place, the button pressed in it, if it says the same", async () => {
    const card = '<button>Sign in</button><button>QR</button>';
    document.body.insertAdjacentHTML(
      'afterbegin',
      `<div id="first-paint" data-clicked="1">${card}</div><div id="root">${card}</div>`,
    );
    const pressed: string[] = [];
    document
      .getElementById('root')
      ?.addEventListener('click', (e) => pressed.push((e.target as HTMLElement).textContent ?? ''));
    takeFirstPaint();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(pressed).toEqual(['QR']);

    // A card that differs there: nothing is pressed.
    document.getElementById('root')?.remove();
    document.body.insertAdjacentHTML(
      'afterbegin',
      `<div id="first-paint" data-clicked="1">${card}</div><div id="root"><button>Sign in</button><button>Register</button></div>`,
    );
    document
      .getElementById('root')
      ?.addEventListener('click', (e) => pressed.push((e.target as HTMLElement).textContent ?? ''));
    takeFirstPaint();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(pressed).toEqual(['QR']);
  });
});
