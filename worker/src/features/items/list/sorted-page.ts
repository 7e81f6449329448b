// Matches sorted in the Worker as the index walk orders them, and the page's items read by id.
import type { ListedItemRow } from '@worker/db/raw-rows';
import { compareText } from '../sort-ranks';
import { END } from './cursor';
import type { ListedPage } from './page';
import { itemsOf } from './sql-parts';
import type { PlanContext } from './plan-context';

/** A match to sort: its sort key (null: no value) and, for those without one, when it was created. */
export interface Keyed {
  id: number;
  created: string | null;
  key: string | number | null;
}

/**
 * Matches sorted here as the index walk orders them (equal keys by id in the same direction, then the
 * items without a value, oldest first), and the page's items read by id: exact, at any page.
 */
export async function sortedPage({ d1, shape }: PlanContext, keyed: Keyed[]): Promise<ListedPage> {
  sortKeyed(keyed, shape.dir);
  const start = shape.before === END ? Math.max(0, keyed.length - shape.perPage) : shape.offset;
  const ids = keyed.slice(start, start + shape.perPage).map((r) => r.id);
  if (ids.length === 0) return { rows: [], total: keyed.length, estimated: false };
  const { results: rows } = await d1.prepare(`SELECT ${shape.columns} FROM ${itemsOf(ids)}`).all<ListedItemRow>();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: keyed.length, estimated: false };
}

/** Sorts matches in place as the index walk orders them (sortedPage), and answers them. */
export function sortKeyed(keyed: Keyed[], dir: 'ASC' | 'DESC'): Keyed[] {
  const sign = dir === 'ASC' ? 1 : -1;
  return keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key !== b.key) return a.key === null ? 1 : -1;
      // Items without a value: oldest first.
      return compareText(a.created ?? '', b.created ?? '') || a.id - b.id;
    }
    const d = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : compareText(String(a.key), String(b.key));
    return sign * (d || a.id - b.id);
  });
}
