import { passkeysEndpoints, recoveryEndpoints, stepUpEndpoints } from '@portico/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/endpoint';
import i18n from '../i18n/setup';
import { ok, refuse, renderApp, stubApi } from '../test/api';

// The step-up dialog: a protected call that answers step_up_required opens it, the proof is given
// (password, then a second factor while two-step is on) and the same call goes again.

configure({ asyncUtilTimeout: 5000 });

// The browser's WebAuthn is not in jsdom: whether it is there, and the answer its dialog gives.
const webAuthn = vi.hoisted(() => ({ supported: false, answer: vi.fn() }));
vi.mock('../lib/passkeyCeremony', async (original) => ({
  ...(await original<typeof import('../lib/passkeyCeremony')>()),
  passkeysSupported: () => webAuthn.supported,
  answerWithPasskey: webAuthn.answer,
}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const status = (over: Record<string, unknown>) =>
  ok({
    proven: false,
    expiresIn: 0,
    next: 'first',
    first: 'password',
    codeTo: null,
    secondFactors: [],
    passkey: false,
    ...over,
  });
const SAVE = `POST ${recoveryEndpoints.update.path}`;

/** A page's save that needs the step-up proof, clicked: what it answered, or how it failed. */
async function save() {
  const outcome: { saved?: unknown; failure?: unknown } = {};
  renderApp(
    <button
      type="button"
      onClick={() =>
        void call(recoveryEndpoints.update, { claimType: 'email_recovery' }).then(
          (r) => {
            outcome.saved = r;
          },
          (e) => {
            outcome.failure = e;
          },
        )
      }
    >
      save
    </button>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'save' }));
  return outcome;
}

describe('StepUpDialog', () => {
  it('asks the password, then the authenticator, then calls again', async () => {
    await i18n.changeLanguage('en-US');
    let proven = false;
    let state = status({});
    const calls = stubApi({
      [SAVE]: () => (proven ? ok([]) : refuse('step_up_required', undefined, 403)),
      [`GET ${stepUpEndpoints.status.path}`]: () => state,
      [`POST ${stepUpEndpoints.verify.path}`]: (c) => {
        if (c.body?.method === 'password') {
          if (c.body.value !== 'Right#pass1') return refuse('invalid_password', { value: ['invalid_password'] });
          state = status({
            next: 'second',
            secondFactors: [{ type: 'authenticator', title: 'two_factor_method_authenticator' }],
          });
          return state;
        }
        proven = c.body?.value === '123456';
        return proven ? status({ proven: true, next: null }) : refuse('authentication_code_is_incorrect');
      },
    });
    const saving = await save();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(await within(dialog).findByLabelText('Current password'), { target: { value: 'Wrong#pass1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('The password is incorrect.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Right#pass1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Your account has two-step verification on. Enter one more code to confirm.'),
    ).toBeTruthy();
    const code = await screen.findByRole('textbox', { name: /Verification code/ });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(saving.saved).toEqual([]));
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    expect(calls.filter((c) => c.path === recoveryEndpoints.update.path)).toHaveLength(2);
  });

  it('cancelling leaves the call refused with step_up_required', async () => {
    await i18n.changeLanguage('vi-VN');
    stubApi({
      [SAVE]: refuse('step_up_required', undefined, 403),
      [`GET ${stepUpEndpoints.status.path}`]: status({}),
    });
    const saving = await save();
    const dialog = await screen.findByRole('dialog', { name: 'Xác nhận đây là bạn' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect((saving.failure as { messageKey?: string })?.messageKey).toBe('step_up_required'));
  });

  it("offers the account's passkey, which gives the whole proof, where the browser has WebAuthn", async () => {
    await i18n.changeLanguage('en-US');
    webAuthn.supported = true;
    const response = { id: 'key-1', rawId: 'key-1', type: 'public-key', response: {}, clientExtensionResults: {} };
    webAuthn.answer.mockResolvedValue(response);
    let proven = false;
    const calls = stubApi({
      [SAVE]: () => (proven ? ok([]) : refuse('step_up_required', undefined, 403)),
      [`GET ${stepUpEndpoints.status.path}`]: status({ passkey: true }),
      [`POST ${passkeysEndpoints.stepUpOptions.path}`]: ok({ options: { challenge: 'c' } }),
      [`POST ${passkeysEndpoints.stepUp.path}`]: () => {
        proven = true;
        return status({ proven: true, next: null });
      },
    });
    const saving = await save();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    // The password stays offered beside it.
    expect(await within(dialog).findByLabelText('Current password')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm with a passkey' }));
    await waitFor(() => expect(saving.saved).toEqual([]));
    expect(webAuthn.answer).toHaveBeenCalledWith({ challenge: 'c' });
    expect(calls.filter((c) => c.path === passkeysEndpoints.stepUp.path).map((c) => c.body)).toEqual([{ response }]);
    webAuthn.supported = false;
  });
});
