// The Vitrine JSON export's text (shared/import/vitrine.ts describes it), a page of items at a time:
// its head (the collection and its properties), each page's items with their values by property key
// and, in the owner's export, their loans, then its tail. The download of a collection
// (exports.routes.ts) streams these pieces; an export with pictures (exports.steps.ts) writes them to R2.
import {
  VITRINE_EXPORT_FORMAT,
  VITRINE_EXPORT_VERSION,
  type ExportHead,
  type ExportedCollectionSettings,
  type ExportedItem,
  type ExportedLoan,
} from '@shared/import/vitrine';
import type { PropertyRow } from '@worker/lib/values';
import { valuesOf } from '../items/items.queries';

/** Items read from D1 at once: one query, and a few hundred kilobytes of text at most. */
export const PAGE_ITEMS = 200;

export interface ExportRow {
  id: number;
  quantity: number;
  visibility: number | null;
  borrowable: number | null;
  data: string;
  created_at: string;
  updated_at: string;
}

/** The last item of a full page (where the next one starts), or null at the end. */
export const lastOf = (page: ExportRow[]) => (page.length < PAGE_ITEMS ? null : page[page.length - 1]!.id);

/** A page of the items the caller may see, after `after` in id order. */
export async function itemPage(d1: D1Database, collectionId: number, level: number, owner: boolean, after: number): Promise<ExportRow[]> {
  const { results } = await d1
    .prepare(
      `SELECT id, quantity, visibility, borrowable, data, created_at, updated_at FROM items
       WHERE collection_id = ?1 AND id > ?2 AND (?3 OR (level <= ?4 AND level <> 4))
       ORDER BY id LIMIT ?5`,
    )
    .bind(collectionId, after, owner ? 1 : 0, level, PAGE_ITEMS)
    .all<ExportRow>();
  return results;
}

interface LoanRow {
  item_id: number;
  state: string;
  borrower_name: string;
  borrower_email: string | null;
  message: string | null;
  notes: string | null;
  wanted_from: string | null;
  wanted_until: string | null;
  lent_on: string | null;
  due_on: string | null;
  returned_on: string | null;
  created_at: string;
}

/** The loans of a page's items, by item (the owner's export): one query for the page. */
export async function loansOf(d1: D1Database, itemIds: number[]): Promise<Map<number, ExportedLoan[]>> {
  const byItem = new Map<number, ExportedLoan[]>();
  if (itemIds.length === 0) return byItem;
  const { results } = await d1
    .prepare(
      `SELECT l.item_id, l.state, b.name AS borrower_name, b.email AS borrower_email, l.message, l.notes, l.wanted_from,
              l.wanted_until, l.lent_on, l.due_on, l.returned_on, l.created_at
       FROM loans l JOIN borrowers b ON b.id = l.borrower_id
       WHERE l.item_id IN (SELECT value FROM json_each(?1)) ORDER BY l.item_id, l.id`,
    )
    .bind(JSON.stringify(itemIds))
    .all<LoanRow>();
  for (const row of results) {
    const loans = byItem.get(row.item_id) ?? [];
    loans.push({
      state: row.state,
      borrower: { name: row.borrower_name, email: row.borrower_email },
      message: row.message,
      notes: row.notes,
      wantedFrom: row.wanted_from,
      wantedUntil: row.wanted_until,
      lentOn: row.lent_on,
      dueOn: row.due_on,
      returnedOn: row.returned_on,
      createdAt: row.created_at,
    });
    byItem.set(row.item_id, loans);
  }
  return byItem;
}

/** The collection as the export's head describes it; its settings and picture in the owner's export. */
interface ExportedCollection {
  name: string;
  description: string | null;
  type: string;
  tags: string;
  owner: { settings: ExportedCollectionSettings; image: string | null } | null;
}

/** The document's beginning, up to the opening of its list of items. */
export function documentHead(collection: ExportedCollection, props: PropertyRow[], exportedAt: string): string {
  const head: ExportHead = {
    format: VITRINE_EXPORT_FORMAT,
    version: VITRINE_EXPORT_VERSION,
    exportedAt,
    collection: {
      name: collection.name,
      description: collection.description,
      type: collection.type,
      tags: JSON.parse(collection.tags) as string[],
      ...(collection.owner && { settings: collection.owner.settings, image: collection.owner.image }),
    },
    properties: props.map((p) => ({
      key: p.key,
      label: p.label,
      type: p.type as ExportHead['properties'][number]['type'],
      multiple: p.multiple,
      isTitle: p.isTitle,
      isSubtitle: p.isSubtitle,
      isCover: p.isCover,
      isReference: p.isReference,
      suffix: p.suffix,
      description: p.description,
      hideLabel: p.hideLabel,
      inSummary: p.inSummary,
      required: p.required,
      filterable: p.filterable,
      searchable: p.searchable,
      sortable: p.sortable,
      visibility: p.visibility,
      labelTemplate: p.labelTemplate,
    })),
  };
  return `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "items": [`;
}

/** The document's end, after its last item. */
export const DOCUMENT_TAIL = '\n  ]\n}\n';

/** A page of items as the document's text; `first` says no item came before them. */
export async function itemsText(d1: D1Database, page: ExportRow[], props: PropertyRow[], owner: boolean, first: boolean): Promise<string> {
  // Loans are the owner's business: nobody else's export holds them.
  const loans = owner
    ? await loansOf(
        d1,
        page.map((row) => row.id),
      )
    : null;
  return page
    .map((row, index) => {
      const item: ExportedItem = {
        id: row.id,
        quantity: row.quantity,
        values: valuesOf(row, props),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
      if (loans) {
        item.visibility = row.visibility;
        item.borrowable = row.borrowable;
        item.loans = loans.get(row.id) ?? [];
      }
      return `${first && index === 0 ? '' : ','}\n  ${JSON.stringify(item)}`;
    })
    .join('');
}
