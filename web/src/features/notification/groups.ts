import type { NotificationConfig, NotificationItem } from '@portico/contracts';

/** One block of the page: a product's modules, or the general ones (block null). */
export type NotificationGroup = {
  blockId: string | null;
  title: string | null;
  name: string | null;
  items: NotificationItem[];
};

export const itemKey = (item: Pick<NotificationItem, 'blockId' | 'moduleName'>) =>
  `${item.blockId ?? ''}/${item.moduleName}`;

/**
 * The modules grouped by block (spec account §2 Notification config): the general ones first,
 * then each block in the order the server lists blocks; a module whose block is not listed joins
 * the general group rather than vanish.
 */
export function groupsOf(
  blocks: NotificationConfig['blocks'],
  items: readonly NotificationItem[],
): NotificationGroup[] {
  const known = new Set(blocks.map((b) => b.id));
  const general = items.filter((i) => i.blockId === null || !known.has(i.blockId));
  return [
    ...(general.length ? [{ blockId: null, title: null, name: null, items: general }] : []),
    ...blocks
      .map((b) => ({ blockId: b.id, title: b.title, name: b.name, items: items.filter((i) => i.blockId === b.id) }))
      .filter((g) => g.items.length > 0),
  ];
}

/** The items whose channels differ from what was saved. */
export function changedItems(
  saved: readonly NotificationItem[],
  current: readonly NotificationItem[],
): NotificationItem[] {
  const before = new Map(saved.map((item) => [itemKey(item), item.notificationGroup.join(',')]));
  return current.filter((item) => before.get(itemKey(item)) !== item.notificationGroup.join(','));
}
