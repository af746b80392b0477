import type { GuardianStatus } from '@portico/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../routes';
import { renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';
import { providerReturn } from './GuardianRequiredPage';

const page = pageTests();

const waiting: GuardianStatus = {
  required: true,
  ageLimit: 16,
  childAgreement: true,
  asked: null,
  text: 'Điều khoản.',
  deleteOn: new Date(2024, 1, 4, 9, 7).toISOString(),
};

describe('guardian pages', { timeout: 20_000 }, () => {
  it('the child names a guardian after agreeing, and sees whom they asked', async () => {
    let current = waiting;
    page.answers['/api/account/guardian'] = () => ({ body: { result: current } });
    page.answers['POST /api/account/guardian'] = (call) => {
      const body = call.body as { guardian: string; childAgrees: boolean };
      if (!body.childAgrees)
        return {
          status: 400,
          body: {
            exception: { message: 'guardian_child_agreement' },
            errors: { childAgrees: ['guardian_child_agreement'] },
          },
        };
      current = { ...waiting, asked: { to: 'me***@example.com', time: new Date(2024, 0, 5, 9, 7).toISOString() } };
      return { body: { result: { times: 60 } } };
    };
    renderApp(buildRoutes(), '/guardian', SIGNED_IN);
    await screen.findByText(/Vì bạn chưa đủ 16 tuổi/);
    expect(screen.getByText('Điều khoản.')).toBeTruthy();
    // Until when the account waits.
    expect(screen.getByTestId('guardian-delete-on').textContent).toContain('04/02/2024');
    fireEvent.change(screen.getByLabelText('Email hoặc số điện thoại của cha mẹ / người giám hộ'), {
      target: { value: 'me@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    await screen.findByText('Bạn cần đồng ý trước.');
    fireEvent.click(screen.getByLabelText('Em đã đọc và đồng ý với nội dung dưới đây'));
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    await screen.findByText(/Đang chờ me\*\*\*@example.com đồng ý \(gửi lúc 09:07 05\/01\/2024\)/);
    expect(screen.getByRole('button', { name: 'Gửi lại' })).toBeTruthy();
  });

  it('the guardian enters the code, reads what is processed and agrees, in English', async () => {
    page.answers['POST /api/guardian/check'] = {
      body: { result: { token: 'tok', child: 'Minh', age: 12, text: 'The terms.', childAgreed: true } },
    };
    page.answers['POST /api/guardian/consent'] = { body: { result: { ok: true } } };
    renderApp(buildRoutes(), '/en-us/guardian-consent?for=u1&to=me%40example.com', SIGNED_IN);
    await screen.findByText('Sent to me@example.com');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Minh (12) wants to use a Portico account and needs your consent.');
    expect(screen.getByText('Minh has read and agreed to this text.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'The data processed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
    await screen.findByText(/Thank you\. Minh can now use the account\./);
    await waitFor(() => expect(page.calls.some((c) => c.url === '/api/guardian/consent')).toBe(true));
  });

  it('sends a waiting child back only to this server', () => {
    const origin = 'https://id.example.com';
    expect(providerReturn('https://id.example.com/oidc/auth/abc', origin)).toBe('https://id.example.com/oidc/auth/abc');
    expect(providerReturn('https://evil.example.com/oidc/auth/abc', origin)).toBeNull();
    expect(providerReturn('/account', origin)).toBeNull();
    expect(providerReturn(null, origin)).toBeNull();
  });
});
