// Which items a step's records are, beyond their references: an item an older reader imported under a
// former reference (a BoardGameGeek game's id, before its collection entry's), and the items of a
// Vitrine export read back into the collection it came from. Those items first take the reference the
// record gives (or give theirs to it), so the writer finds them by reference like any other.
import { recordRef, type MappedRecord } from '@shared/import/mapping';
import type { ImportFormat, ImportRecord } from '@shared/import/records';
import { findImported, type ImportedItem } from '../items/items.writer';

export interface RecordItems {
  /** The items found, by the reference their record now has. */
  existing: Map<string, ImportedItem>;
  /** What gives found items their new reference: they go first in the step's batch. */
  rekeys: D1PreparedStatement[];
}

/** Finds the records' items, and sets `mapped[i].ref` to the reference of an item of the collection that a Vitrine record is. */
export async function findRecordItems(
  d1: D1Database,
  collectionId: number,
  format: ImportFormat,
  records: readonly ImportRecord[],
  mapped: MappedRecord[],
): Promise<RecordItems> {
  const own: RecordItems = format === 'vitrine' ? await ownItems(d1, collectionId, records, mapped) : { existing: new Map(), rekeys: [] };
  // An item given its reference in this step's batch is not found by it yet: it is taken as found.
  const existing = await findImported(d1, collectionId, [
    ...new Set(mapped.filter((m) => !m.blank && !own.existing.has(m.ref)).map((m) => m.ref)),
  ]);
  for (const [ref, item] of own.existing) existing.set(ref, item);
  return { existing, rekeys: [...own.rekeys, ...(await formerItems(d1, collectionId, format, records, mapped, existing))] };
}

/**
 * A Vitrine export of this very collection: each record whose item is still here (the same id, created
 * at the same instant: an item of another database never is both) is that item. An item without a
 * reference (made here) takes one that no other file gives.
 */
async function ownItems(
  d1: D1Database,
  collectionId: number,
  records: readonly ImportRecord[],
  mapped: MappedRecord[],
): Promise<RecordItems> {
  const found = new Map<string, ImportedItem>();
  const wanted = records.flatMap((r, index) =>
    r.id && /^\d+$/.test(r.id) && r.item?.createdAt && !mapped[index]!.blank
      ? [{ index, id: Number(r.id), createdAt: r.item.createdAt }]
      : [],
  );
  const rekeys: D1PreparedStatement[] = [];
  if (wanted.length === 0) return { existing: found, rekeys };
  const { results } = await d1
    .prepare(
      `SELECT id, version, data, import_ref AS ref, created_at FROM items WHERE collection_id = ?1 AND id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(collectionId, JSON.stringify(wanted.map((w) => w.id)))
    .all<ImportedItem & { ref: string | null; created_at: string }>();
  const byId = new Map(results.map((r) => [r.id, r]));
  for (const w of wanted) {
    const item = byId.get(w.id);
    if (!item || item.created_at !== w.createdAt) continue;
    const ref = item.ref ?? `vitrine:item:${item.id}`;
    mapped[w.index]!.ref = ref;
    found.set(ref, { id: item.id, version: item.version, data: item.data });
    if (!item.ref) rekeys.push(d1.prepare('UPDATE items SET import_ref = ?2 WHERE id = ?1 AND import_ref IS NULL').bind(item.id, ref));
  }
  return { existing: found, rekeys };
}

/**
 * Records not found by their reference whose item an older import made under a former one: the item
 * takes the record's reference (once: two records naming the same former reference are two items).
 */
async function formerItems(
  d1: D1Database,
  collectionId: number,
  format: ImportFormat,
  records: readonly ImportRecord[],
  mapped: readonly MappedRecord[],
  existing: Map<string, ImportedItem>,
): Promise<D1PreparedStatement[]> {
  const formerOf = (index: number) => (records[index]!.formerIds ?? []).map((id) => recordRef(format, { ...records[index]!, id }, null));
  const missing = mapped.flatMap((m, index) => (!m.blank && !existing.has(m.ref) && formerOf(index).length > 0 ? [index] : []));
  if (missing.length === 0) return [];
  const found = await findImported(d1, collectionId, [...new Set(missing.flatMap(formerOf))]);
  const rekeys: D1PreparedStatement[] = [];
  for (const index of missing) {
    const ref = mapped[index]!.ref;
    const former = formerOf(index).find((f) => found.has(f));
    if (!former || existing.has(ref)) continue;
    existing.set(ref, found.get(former)!);
    found.delete(former);
    rekeys.push(
      d1.prepare('UPDATE items SET import_ref = ?3 WHERE collection_id = ?1 AND import_ref = ?2').bind(collectionId, former, ref),
    );
  }
  return rekeys;
}
