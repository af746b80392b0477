import { POINT_PAGE_SIZE, pointEndpoints } from '@portico/contracts';
import { call } from '../../api/endpoint';

export const POINTS_QUERY_KEY = ['account', 'points'] as const;

/** One page of the point history (pageIndex from 1, 10 a page). */
export const getPointPage = (pageIndex: number, pageSize = POINT_PAGE_SIZE) =>
  call(pointEndpoints.history, { pageIndex, pageSize });

export const getPointBalance = () => call(pointEndpoints.balance, {});
