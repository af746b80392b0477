// The account pages' "view more" lists (spec account §9: 10 a page, the index from 1): the
// activity log, the point history.

/** A page of a list as the server answers it. */
export type ListPage = { data: readonly unknown[]; totalRows: number };

/** The next page index while rows remain, else undefined (also after an empty page). */
export const nextPageIndex = (pages: readonly ListPage[]): number | undefined => {
  const shown = pages.reduce((n, p) => n + p.data.length, 0);
  const total = pages.at(-1)?.totalRows ?? 0;
  const lastEmpty = (pages.at(-1)?.data.length ?? 0) === 0;
  return shown < total && !lastEmpty ? pages.length + 1 : undefined;
};

/**
 * The rows of the pages shown, each once: rows added at the top between two pages (newest first)
 * push earlier ones onto the next page, which would repeat them.
 */
export const rowsOf = <T extends { id: number | string }>(pages: readonly { data: readonly T[] }[]): T[] => {
  const seen = new Set<number | string>();
  return pages.flatMap((p) => p.data).filter((row) => !seen.has(row.id) && seen.add(row.id) !== undefined);
};
