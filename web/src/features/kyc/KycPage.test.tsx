import type { KycDetails } from '@portico/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../routes';
import { ok, renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';

const page = pageTests();
const image = (fileId: string) => ({ fileId, url: `/files/${fileId}.png?exp=1&sig=x` });
const details = (over: Partial<KycDetails>): KycDetails => ({
  status: 0,
  reason: null,
  submittedAt: null,
  reviewedAt: null,
  front: null,
  back: null,
  ...over,
});

describe('KYC page', { timeout: 20_000 }, () => {
  it('waiting: read-only with the awaiting message', async () => {
    page.answers['/api/account/kyc'] = ok(
      details({ status: 1, front: image('a'.repeat(32)), back: image('b'.repeat(32)) }),
    );
    renderApp(buildRoutes(), '/security/kyc', SIGNED_IN);
    await screen.findByText('Hồ sơ của bạn đã được gửi và đang chờ duyệt. Bạn sẽ nhận email khi có kết quả.');
    expect(screen.getAllByRole('img', { name: /giấy tờ tùy thân/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Gửi xác minh' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Đổi ảnh|Chọn ảnh/ })).toBeNull();
  });

  it('refused: the reason, and new images to send; both are required', async () => {
    page.answers['/api/account/kyc'] = ok(
      details({ status: 3, reason: 'Blurred photo', front: image('a'.repeat(32)) }),
    );
    renderApp(buildRoutes(), '/en-us/security/kyc', SIGNED_IN);
    await screen.findByText('Your documents were refused: Blurred photo. Please upload new images.');
    // The refused images are not offered again: new ones are chosen.
    expect(screen.queryAllByRole('img', { name: /ID document/ })).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    await screen.findByText('Please upload the front and back images of your ID document.');
    await waitFor(() => expect(page.calls.some((c) => c.method === 'PUT')).toBe(false));
    expect(screen.getByRole('button', { name: 'Choose the front image' })).toBeTruthy();
  });
});
