import { ACTIVITY_PAGE_SIZE, activityEndpoints } from '@portico/contracts';
import { call } from '../../api/endpoint';

export const ACTIVITY_QUERY_KEY = ['account', 'activity'] as const;

/** One page of the activity log (pageIndex from 1, 10 a page). */
export const getActivityPage = (pageIndex: number, pageSize = ACTIVITY_PAGE_SIZE) =>
  call(activityEndpoints.list, { pageIndex, pageSize });
