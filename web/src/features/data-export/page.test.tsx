import { type DataExport, EXPORT_PARTS } from '@portico/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../routes';
import { renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';

const page = pageTests();

const requested = new Date(2024, 0, 5, 9, 7).toISOString();
const preparing: DataExport = { state: 'preparing', requestedTime: requested, expiresTime: null, size: null };
const ready: DataExport = {
  state: 'ready',
  requestedTime: requested,
  expiresTime: new Date(2024, 0, 6, 9, 8).toISOString(),
  size: 12_400,
};

describe('download my data page', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for a copy, follows it until it is ready, then downloads it through a fresh link', async () => {
    let current: DataExport | null = null;
    let polls = 0;
    page.answers['/api/account/data-export'] = () => {
      if (current?.state === 'preparing' && ++polls >= 1) current = ready;
      return { body: { result: current } };
    };
    page.answers['POST /api/account/data-export'] = () => {
      current = preparing;
      return { body: { result: preparing } };
    };
    page.answers['POST /api/account/data-export/link'] = {
      body: {
        result: { url: 'http://localhost:3000/files/a.zip?exp=1&sig=x', fileName: 'portico-data-2024-01-05.zip' },
      },
    };
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    renderApp(buildRoutes(), '/security/data', SIGNED_IN);
    // What the copy holds is said before anything is asked.
    const contents = await screen.findByRole('list', { name: 'Bản sao gồm' });
    expect(within(contents).getByText('Xác minh danh tính')).toBeTruthy();
    expect(within(contents).getAllByRole('listitem')).toHaveLength(EXPORT_PARTS.length);

    fireEvent.click(await screen.findByRole('button', { name: 'Chuẩn bị bản sao' }));
    await screen.findByText(/Đang chuẩn bị bản sao/);
    await screen.findByText(
      /Bản sao đã sẵn sàng \(12\.4 kB\)\. Tải được đến 09:08 06\/01\/2024\./,
      {},
      { timeout: 8000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tải xuống' }));
    await waitFor(() =>
      expect(clicked).toEqual(['portico-data-2024-01-05.zip http://localhost:3000/files/a.zip?exp=1&sig=x']),
    );
    expect(screen.getByRole('button', { name: 'Chuẩn bị bản mới' })).toBeTruthy();
  });

  it('says a failed copy in English and offers a new one', async () => {
    page.answers['/api/account/data-export'] = {
      body: { result: { ...preparing, state: 'failed' } },
    };
    renderApp(buildRoutes(), '/en-us/security/data', SIGNED_IN);
    await screen.findByText('Your copy could not be prepared. Please try again.');
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Download your data'));
  });
});
