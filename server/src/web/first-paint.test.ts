import { describe, expect, it } from 'vitest';
import { firstPaintFits, withoutStyleAttributes } from './first-paint.js';

describe('the login page first paint (issue 27 point 1)', () => {
  it("moves style attributes into one style element under the page's nonce", () => {
    const out = withoutStyleAttributes(
      '<div style="--button-bg:var(--x);--h:2px"><span style="font-family:&quot;Inter&quot;, sans-serif">a</span></div>',
      'N0nce',
    );
    expect(out).toBe(
      '<style nonce="N0nce">[data-fp="0"]{--button-bg:var(--x) !important;--h:2px !important}' +
        '[data-fp="1"]{font-family:"Inter", sans-serif !important}</style>' +
        '<div data-fp="0"><span data-fp="1">a</span></div>',
    );
    // Nothing in a value can end the rule or the element: such an attribute is dropped.
    expect(withoutStyleAttributes('<i style="x:1}body{display:none"></i>', 'n')).toBe('<i></i>');
    expect(withoutStyleAttributes('<b>plain</b>', 'n')).toBe('<b>plain</b>');
  });

  it('is drawn only where the app would first draw the same card', () => {
    const q = (s: string) => new URLSearchParams(s);
    const login = { prompt: 'login' as const };
    const at = 'ReturnUrl=%2Foidc%2Finteraction%2Fa';
    expect(firstPaintFits(login, q(at), {})).toBe(true);
    expect(firstPaintFits(login, q(`${at}&hideRegister=true`), {}, 'document')).toBe(true);
    expect(firstPaintFits({ prompt: 'consent' }, q(at), {})).toBe(false);
    expect(firstPaintFits({ prompt: 'login', stepUp: true }, q(at), {})).toBe(false);
    expect(firstPaintFits(login, q(at), {}, 'iframe')).toBe(false);
    expect(firstPaintFits(login, q(`${at}&embedded=1`), {})).toBe(false);
    expect(firstPaintFits(login, q(`${at}&step=2fa`), {})).toBe(false);
    expect(firstPaintFits(login, q(`${at}&external=1`), {})).toBe(false);
    // An auto-login, its password direct or inside ReturnUrl: the app goes on by itself.
    expect(firstPaintFits(login, q(`${at}&username=a&password=b`), {})).toBe(false);
    expect(firstPaintFits(login, q(`ReturnUrl=${encodeURIComponent('/oidc/interaction/a?password=b')}`), {})).toBe(
      false,
    );
    expect(firstPaintFits(login, q(at), { portico_login_info: 'x' })).toBe(false);
    expect(firstPaintFits(login, q(at), { portico_login_options: '1' })).toBe(false);
    // A web view marked embedded (the query is gone after the provider's redirect): no banner to flash.
    expect(firstPaintFits(login, q(at), { portico_embedded: '1' })).toBe(false);
  });
});
