import { describe, expect, it } from 'vitest';
import { nextPageIndex, rowsOf } from './paging';

describe('view-more paging (10 a page)', () => {
  const page = (n: number, total: number) => ({
    data: Array.from({ length: n }, (_, i) => ({ id: i, actionText: '', createdDate: '' })),
    totalRows: total,
  });

  it('offers view more while rows remain', () => {
    expect(nextPageIndex([page(10, 25)])).toBe(2);
    expect(nextPageIndex([page(10, 25), page(10, 25)])).toBe(3);
    expect(nextPageIndex([page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined();
    expect(nextPageIndex([page(10, 10)])).toBeUndefined();
    expect(nextPageIndex([page(0, 0)])).toBeUndefined();
  });

  it('shows each row once when rows arrived between two pages', () => {
    const rows = (...ids: number[]) => ({ data: ids.map((id) => ({ id })), totalRows: 12 });
    expect(rowsOf([rows(12, 11, 10), rows(10, 9, 8)]).map((r) => r.id)).toEqual([12, 11, 10, 9, 8]);
  });
});
