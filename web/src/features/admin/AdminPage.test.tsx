import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../routes';
import { ok, refuse, renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';

const page = pageTests();

const review = {
  userId: 'u-42',
  status: 1,
  reason: null,
  submittedAt: '2026-11-20T03:05:00.000Z',
  reviewedAt: null,
  front: { fileId: 'a'.repeat(32), url: '/files/front' },
  back: { fileId: 'b'.repeat(32), url: '/files/back' },
};

describe('admin console', { timeout: 20_000 }, () => {
  it('is closed to a person without an admin permission', async () => {
    page.answers['/api/admin/access'] = ok({ permissions: [] });
    renderApp(buildRoutes(), '/admin', SIGNED_IN);
    await screen.findByText('Tài khoản của bạn không có quyền vào trang quản trị.');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows only the tabs the permissions open; a reviewer refuses one of the queue with a reason', async () => {
    page.answers['/api/admin/access'] = ok({ permissions: ['kyc:review', 'audit:read'] });
    page.answers['/api/product/kyc'] = ok([{ ...review, front: undefined, back: undefined }]);
    page.answers['/api/product/kyc/u-42'] = ok(review);
    page.answers['/api/product/kyc/u-42/refuse'] = ({ body }) =>
      (body as { reason?: string }).reason === 'Ảnh mờ' ? ok({ ...review, status: 3 }) : refuse('invalid_input');
    renderApp(buildRoutes(), '/en-us/admin/kyc', SIGNED_IN);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['KYC review', 'Audit log']);
    fireEvent.click(await screen.findByRole('button', { name: 'u-42' }));
    await screen.findByRole('img', { name: 'Document front' });
    const refuseButton = screen.getByRole('button', { name: 'Refuse' });
    expect(refuseButton.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for refusing (the person reads it)'), {
      target: { value: 'Ảnh mờ' },
    });
    fireEvent.click(refuseButton);
    await waitFor(() => expect(page.calls.some((c) => c.path === '/api/product/kyc/u-42/refuse')).toBe(true));
    await screen.findByRole('table', { name: 'KYC review' });
    expect(within(screen.getByRole('table', { name: 'KYC review' })).getByText('u-42')).toBeTruthy();
  });
});
