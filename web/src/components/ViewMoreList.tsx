import { Button, Stack, Text } from '@mantine/core';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { nextPageIndex, rowsOf } from '../lib/paging';
import { QueryError, QueryState } from './QueryState';

// The account pages' "view more" lists (spec account §9: 10 a page, the index from 1): the
// activity log, the orders, the point history. One read, one block, drawn the one way.

/** A page of a list as the server answers it. */
export type PageOf<T> = { data: T[]; totalRows: number };

export type ViewMore<T> = UseInfiniteQueryResult<InfiniteData<PageOf<T>, unknown>>;

/** The list's pages, from index 1, the next one asked while rows remain. */
export const useViewMore = <T,>(queryKey: readonly unknown[], fetchPage: (pageIndex: number) => Promise<PageOf<T>>) =>
  useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageIndex(pages),
    retry: false,
  });

/**
 * The rows of every page read so far (each once), the loader, the error of a page that failed, the
 * empty state, `status` (e.g. "10 of 25") and the view-more button while rows remain.
 */
export function ViewMoreList<T extends { id: number | string }>({
  list,
  empty,
  moreLabel,
  status,
  children,
}: {
  list: ViewMore<T>;
  empty: string;
  moreLabel: string;
  status?: (shown: number, total: number) => ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  const total = list.data?.pages.at(-1)?.totalRows ?? 0;
  return (
    <QueryState
      query={{ ...list, data: list.data && rowsOf(list.data.pages) }}
      isEmpty={(rows) => rows.length === 0}
      empty={
        <Text c="dimmed" ta="center" py="lg">
          {empty}
        </Text>
      }
    >
      {(rows) => (
        <Stack gap="lg">
          {children(rows)}
          {list.isError && <QueryError error={list.error} />}
          {(status || list.hasNextPage) && (
            <Stack gap={6} align="center">
              {status?.(rows.length, total)}
              {list.hasNextPage && (
                <Button variant="light" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  {moreLabel}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
