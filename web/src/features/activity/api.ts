import { ACTIVITY_PAGE_SIZE, type ActivityPage, activityEndpoints } from '@portico/contracts';
import { call } from '../../api/endpoint';

export const ACTIVITY_QUERY_KEY = ['account', 'activity'] as const;

/** One page of the activity log (pageIndex from 1, 10 a page). */
export const getActivityPage = (pageIndex: number, pageSize = ACTIVITY_PAGE_SIZE) =>
  call(activityEndpoints.list, { pageIndex, pageSize });
/** The next page index while rows remain, else undefined. */
export const nextActivityPage = (pages: readonly ActivityPage[]): number | undefined => {
  const shown = pages.reduce((n, p) => n + p.data.length, 0);
  const total = pages.at(-1)?.totalRows ?? 0;
  const lastEmpty = (pages.at(-1)?.data.length ?? 0) === 0;
  return shown < total && !lastEmpty ? pages.length + 1 : undefined;
};
