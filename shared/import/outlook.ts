// What a plan would do with the first records of a file, before it runs: how many it would import, and
// when it would import none, why and the fix to offer. The browser's preview shows it; the Worker refuses
// to start a run that would end in an empty "Done".
import { mapRecord, type FieldMapping, type MapOptions, type MappedProperty } from './mapping';
import type { ImportFormat, ImportField, ImportRecord } from './records';
import { guessTitleField, mostFilledField } from './titles';

export interface PlanOutlook {
  /** Records read from the file's start. */
  sampled: number;
  /** Of those, records the plan would import (new or found again). */
  imported: number;
  /** Nothing would be imported: why (no_title: a required title gets nothing; nothing_mapped: no record gives any mapped field; all_refused). */
  reason: 'no_title' | 'nothing_mapped' | 'all_refused' | null;
  /** The required property the records lack most, when they are refused for it. */
  property: string | null;
  /** The field to send to that property (the title's fix: "Use Name as the title"). */
  suggestion: string | null;
}

/**
 * The outlook of a plan on these records. `known` says which references are already items of the
 * collection: those are updated, so a value they lack is kept from the item.
 */
export function planOutlook(
  format: ImportFormat,
  fields: readonly ImportField[],
  records: readonly ImportRecord[],
  mappings: readonly FieldMapping[],
  properties: readonly MappedProperty[],
  options: MapOptions & { keyField: string | null; known?: ReadonlySet<string>; titleKey?: string | null },
): PlanOutlook {
  const mapped = records.map((record) => mapRecord(format, record, mappings, properties, options));
  const imported = mapped.filter((m) => !m.blank && (!m.refused || options.known?.has(m.ref))).length;
  const outlook: PlanOutlook = { sampled: records.length, imported, reason: null, property: null, suggestion: null };
  if (records.length === 0 || imported > 0) return outlook;
  if (mapped.every((m) => m.blank)) return { ...outlook, reason: 'nothing_mapped' };
  // The required property most records lack, the title first.
  const lacking = new Map<string, number>();
  for (const m of mapped)
    for (const p of m.problems) if (p.refuses && p.reason === 'required') lacking.set(p.property, (lacking.get(p.property) ?? 0) + 1);
  const property =
    options.titleKey && lacking.has(options.titleKey) ? options.titleKey : ([...lacking].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null);
  if (!property) return { ...outlook, reason: 'all_refused' };
  const taken = new Set(mappings.filter((m) => m.property === property).map((m) => m.field));
  const candidates = fields.filter((f) => f.type !== 'image' && !taken.has(f.key));
  const suggestion = guessTitleField(candidates, records) ?? mostFilledField(candidates, records);
  return { ...outlook, reason: property === options.titleKey ? 'no_title' : 'all_refused', property, suggestion };
}
