import { messages } from '@portico/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/setup';
import { type Answers, type ApiCall, ok, refuse, renderApp, stubApi } from '../../test/api';
import { LoginTwoFactor } from './LoginTwoFactor';

// Login step 3 (LoginTwoFactor.tsx) against a stubbed API: the chooser, the focused code field,
// remember-device, the recovery-code checkbox, the e-mail code with its countdown, the messages.
configure({ asyncUtilTimeout: 5000 });

// The browser's WebAuthn is not in jsdom: whether it is there, and the answer its dialog gives.
const webAuthn = vi.hoisted(() => ({ supported: false, answer: vi.fn() }));
vi.mock('../../lib/passkeyCeremony', async (original) => ({
  ...(await original<typeof import('../../lib/passkeyCeremony')>()),
  passkeysSupported: () => webAuthn.supported,
  answerWithPasskey: webAuthn.answer,
}));

const vi_ = messages['vi-VN'];
const RETURN_URL = '/oidc/interaction/abc';
const owed = {
  isOk: false,
  isRegister: false,
  redirectUrl: `/login?ReturnUrl=${encodeURIComponent(RETURN_URL)}&step=2fa`,
  requiresTwoFactor: true,
  userId: 'u1',
  twoFactorTypes: [
    { type: 'authenticator' as const, title: 'two_factor_method_authenticator' },
    { type: 'email' as const, title: 'two_factor_method_email', value: 'la***@example.com' },
  ],
};
const signedIn = { ...owed, isOk: true, requiresTwoFactor: false, redirectUrl: '/oidc/auth/abc' };

let answers: Answers;
let calls: ApiCall[];
const assign = vi.fn();

beforeEach(() => {
  focusManager.setFocused(true);
  answers = {};
  calls = stubApi(answers);
  vi.stubGlobal('location', { ...window.location, assign });
  assign.mockReset();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('vi-VN'));
});

const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

describe('login step 3', () => {
  it('preselects the first method, focuses the code, keeps remember-device on and finishes with the code', async () => {
    answers['POST /api/account/login/two-factor'] = ok(signedIn);
    renderApp(<LoginTwoFactor answer={owed} returnUrl={RETURN_URL} onBack={() => {}} />);
    const code = await screen.findByLabelText(vi_.login_two_factor_code_label);
    expect((screen.getByRole('radio', { name: vi_.two_factor_method_authenticator }) as HTMLInputElement).checked).toBe(
      true,
    );
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect((screen.getByLabelText(vi_.login_two_factor_remember) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: vi_.login_two_factor_verify }));
    expect(await screen.findByText(vi_.please_enter_code_2fa_code)).toBeTruthy();
    expect(posted('/api/account/login/two-factor')).toEqual([]);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: vi_.login_two_factor_verify }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/abc'));
    expect(posted('/api/account/login/two-factor')).toEqual([
      { returnUrl: RETURN_URL, codeReceiveMethod: 'authenticator', twoFactorCode: '123456', rememberMachine: true },
    ]);
  });

  it('shows a refused code at the field; the recovery-code checkbox sends a recovery code', async () => {
    answers['POST /api/account/login/two-factor'] = refuse('authentication_code_is_incorrect', {
      twoFactorCode: ['authentication_code_is_incorrect'],
    });
    answers['POST /api/account/login/two-factor/recovery-code'] = ok(signedIn);
    renderApp(<LoginTwoFactor answer={owed} returnUrl={RETURN_URL} onBack={() => {}} />);
    fireEvent.change(await screen.findByLabelText(vi_.login_two_factor_code_label), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: vi_.login_two_factor_verify }));
    expect(await screen.findByText(vi_.authentication_code_is_incorrect)).toBeTruthy();

    fireEvent.click(screen.getByLabelText(vi_.login_two_factor_use_recovery));
    fireEvent.click(screen.getByLabelText(vi_.login_two_factor_remember));
    const recovery = await screen.findByRole('textbox', { name: vi_.login_two_factor_recovery_label });
    fireEvent.change(recovery, { target: { value: 'abcd-efgh' } });
    fireEvent.click(screen.getByRole('button', { name: vi_.login_two_factor_verify }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/abc'));
    expect(posted('/api/account/login/two-factor/recovery-code')).toEqual([
      { returnUrl: RETURN_URL, recoveryCode: 'abcd-efgh', rememberMachine: false },
    ]);
  });

  it('sends the e-mail code with an mm:ss countdown; an empty code gets otp_error_blank', async () => {
    answers['POST /api/account/login/two-factor/send-code'] = ok({ expirySecond: 90 });
    renderApp(<LoginTwoFactor answer={owed} returnUrl={RETURN_URL} onBack={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: vi_.two_factor_method_email }));
    expect(screen.getByText(vi_.login_two_factor_email_hint.replace('{{email}}', 'la***@example.com'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: vi_.login_two_factor_send }));
    expect((await screen.findByRole('timer')).textContent).toMatch(/01:(30|29)/);
    expect(posted('/api/account/login/two-factor/send-code')).toEqual([
      { returnUrl: RETURN_URL, codeReceiveMethod: 'email' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: vi_.login_two_factor_verify }));
    expect(await screen.findByText(vi_.otp_error_blank)).toBeTruthy();
  });

  it('asks the server for a step-up: its intro, no way back; an expired step says so', async () => {
    answers['POST /api/account/login/two-factor/resume'] = ok(owed);
    renderApp(<LoginTwoFactor answer={null} returnUrl={RETURN_URL} stepUp />);
    expect(await screen.findByText(vi_.login_two_factor_step_up_intro)).toBeTruthy();
    expect(screen.queryByRole('button', { name: vi_.login_two_factor_back })).toBeNull();
    cleanup();

    answers['POST /api/account/login/two-factor/resume'] = refuse('login_two_factor_expired');
    renderApp(<LoginTwoFactor answer={null} returnUrl={RETURN_URL} />);
    expect(await screen.findByText(vi_.login_two_factor_expired)).toBeTruthy();
  });

  it('offers a passkey where the browser has WebAuthn: its dialog answers the step, a refused one says why', async () => {
    const withPasskey = {
      ...owed,
      twoFactorTypes: [{ type: 'passkey' as const, title: 'two_factor_method_passkey' }, ...owed.twoFactorTypes],
    };
    renderApp(<LoginTwoFactor answer={withPasskey} returnUrl={RETURN_URL} onBack={() => {}} />);
    // No WebAuthn here: not offered, the authenticator preselected.
    expect(await screen.findByRole('radio', { name: vi_.two_factor_method_authenticator })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: vi_.two_factor_method_passkey })).toBeNull();
    cleanup();
    // A passkey alone, and no WebAuthn here: the page says what to do, and the way back stays.
    renderApp(
      <LoginTwoFactor
        answer={{ ...withPasskey, twoFactorTypes: [withPasskey.twoFactorTypes[0]!] }}
        returnUrl={RETURN_URL}
        onBack={() => {}}
      />,
    );
    expect(await screen.findByText(vi_.login_two_factor_none_here)).toBeTruthy();
    expect(screen.getByRole('button', { name: vi_.login_two_factor_back })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    cleanup();

    webAuthn.supported = true;
    const response = { id: 'key-1', rawId: 'key-1', type: 'public-key', response: {}, clientExtensionResults: {} };
    webAuthn.answer.mockResolvedValue(response);
    answers['POST /api/account/login/two-factor/passkey/options'] = ok({ options: { challenge: 'c' } });
    answers['POST /api/account/login/two-factor/passkey'] = refuse('passkey_failed');
    renderApp(<LoginTwoFactor answer={withPasskey} returnUrl={RETURN_URL} onBack={() => {}} />);
    expect((screen.getByRole('radio', { name: vi_.two_factor_method_passkey }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(vi_.login_two_factor_passkey_hint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: vi_.login_two_factor_passkey_use }));
    expect(await screen.findByText(vi_.passkey_failed)).toBeTruthy();

    answers['POST /api/account/login/two-factor/passkey'] = ok(signedIn);
    fireEvent.click(screen.getByRole('button', { name: vi_.login_two_factor_passkey_use }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/abc'));
    expect(webAuthn.answer).toHaveBeenCalledWith({ challenge: 'c' });
    expect(posted('/api/account/login/two-factor/passkey').at(-1)).toEqual({
      returnUrl: RETURN_URL,
      response,
      rememberMachine: true,
    });
    webAuthn.supported = false;
  });
});
