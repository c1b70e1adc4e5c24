import type { AdminItem, ContentKind } from './content-kinds.ts';

/** The key the admin calls address an item by: `entryId` where the kind has one (news items), else `id`. */
export const itemKey = (item: AdminItem): number => Number(item.entryId ?? item.id);

/** What an item is called in lists and questions: its title field, shortened. */
export function itemTitle(kind: ContentKind, item: AdminItem): string {
  const value = item[kind.titleField];
  const text =
    typeof value === 'string' && value.trim() !== '' ? value.trim() : `${kind.singular} ${itemKey(item)}`;
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
