import type { PointRow } from '@portico/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../routes';
import { ok, refuse, renderApp } from '../../test/api';
import { pageTests, SIGNED_IN } from '../../test/pageTests';

const page = pageTests();

const row = (id: number, point: number, over: Partial<PointRow> = {}): PointRow => ({
  id,
  createdDate: '2026-11-20T03:05:00.000Z',
  blockId: 'lms',
  blockName: 'Khóa học',
  actionName: `Hoạt động ${id}`,
  objectTitle: `Bài ${id}`,
  point,
  ...over,
});

describe('point history page', { timeout: 20_000 }, () => {
  it('shows the balance with comma thousands and the rows, + in green and − in red, with view more', async () => {
    page.answers['/api/account/point/get-point'] = ok(1250);
    const first = Array.from({ length: 10 }, (_, i) => row(20 - i, i % 2 ? -60 : 1200));
    page.answers['/api/account/point/history'] = ({ body }) =>
      ok(
        (body as { pageIndex: number }).pageIndex === 1
          ? { data: first, totalRows: 11 }
          : { data: [row(1, 5, { blockId: null, blockName: null })], totalRows: 11 },
      );
    renderApp(buildRoutes(), '/point', SIGNED_IN);
    expect((await screen.findByTestId('point-balance')).textContent).toBe('1,250 điểm');
    const table = await screen.findByRole('table', { name: 'Lịch sử điểm' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0] as HTMLElement).getByText('+1,200')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('\u221260')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Hoạt động 20')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Bài 20')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Xem thêm' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(12));
    expect(within(table).getByText('Chung')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Xem thêm' })).toBeNull();
    expect(page.calls.filter((c) => c.path === '/api/account/point/history').map((c) => c.body)).toEqual([
      { pageIndex: 1, pageSize: 10 },
      { pageIndex: 2, pageSize: 10 },
    ]);
  });

  it('says so when there is no history, and shows the error when the history cannot load', async () => {
    page.answers['/api/account/point/get-point'] = ok(0);
    page.answers['/api/account/point/history'] = ok({ data: [], totalRows: 0 });
    renderApp(buildRoutes(), '/en-us/point', SIGNED_IN);
    expect(await screen.findByText('You have no point history yet.')).toBeTruthy();
    expect(screen.getByTestId('point-balance').textContent).toBe('0 points');
  });

  it('shows the error when the history cannot load', async () => {
    page.answers['/api/account/point/get-point'] = ok(0);
    page.answers['/api/account/point/history'] = refuse('error_not_found', undefined, 500);
    renderApp(buildRoutes(), '/point', SIGNED_IN);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
