// What a list shows of each item, from the rows a plan read.
import type { ItemSummary } from '@shared/schemas/items';
import type { ListedItemRow } from '@worker/db/raw-rows';
import type { PropertyRow } from '@worker/lib/values';
import { valuesOf, roleValue } from '../item-values';
import { LENT_COPIES } from './request';

/** The columns a list reads: the item, and its copies lent while loans are enabled. */
export function listColumns(loansEnabled: boolean | undefined): string {
  return loansEnabled ? `i.*, ${LENT_COPIES} AS lent` : 'i.*';
}

export function summaryOf(row: ListedItemRow, values: Record<string, unknown>, props: PropertyRow[]): ItemSummary {
  const summary: Record<string, unknown> = {};
  for (const p of props) if (p.inSummary && values[p.key] !== undefined) summary[p.key] = values[p.key];
  return {
    id: row.id,
    title: roleValue(values, props, 'isTitle'),
    subtitle: roleValue(values, props, 'isSubtitle'),
    cover: roleValue(values, props, 'isCover'),
    reference: roleValue(values, props, 'isReference'),
    summary,
    quantity: row.quantity,
    lent: row.lent ?? 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What a list shows of each item (title, subtitle, cover, summary), from the rows already read. */
export function summaries(rows: ListedItemRow[], props: PropertyRow[]): ItemSummary[] {
  return rows.map((row) => summaryOf(row, valuesOf(row, props), props));
}
