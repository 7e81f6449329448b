// The server's side of shared/values.ts, used by items and properties alike: each submitted value is
// normalized against its property (type, multiple, never empty), then stored as JSON with a sort key
// (lower-cased text for filters, a natural sort key for text, or a number).
import type { PropertyType } from '@shared/catalogue';
import type { FieldIssue } from '@shared/errors';
import { isMediaValue, mediaCollectionId, normalizeValue } from '@shared/values';
import { MAX_VALUES_PER_PROPERTY } from '@shared/catalogue';
import { naturalSortKey } from '@shared/sort-key';
import type { properties } from '../db/schema';
import { ApiError } from './api-error';

export type PropertyRow = typeof properties.$inferSelect;

export interface ValueRow {
  propertyId: number;
  position: number;
  value: string;
  sortText: string | null;
  naturalKey: string | null;
  sortNumber: number | null;
  /** The property's sortable flag: only those values enter the sort indexes (migration 0014). */
  sortable: boolean;
}

const TEXT_SORTED: readonly PropertyType[] = ['text', 'longtext', 'url', 'color', 'image', 'video', 'file', 'json'];

export function sortKeys(type: PropertyType, value: unknown): Pick<ValueRow, 'sortText' | 'naturalKey' | 'sortNumber'> {
  switch (type) {
    case 'number':
    case 'rating':
      return { sortText: null, naturalKey: null, sortNumber: value as number };
    case 'yesno':
      return { sortText: null, naturalKey: null, sortNumber: value ? 1 : 0 };
    case 'date':
      return { sortText: null, naturalKey: null, sortNumber: Date.parse(`${value as string}T00:00:00Z`) };
    case 'datetime':
      return { sortText: null, naturalKey: null, sortNumber: Date.parse(value as string) };
    default: {
      if (!TEXT_SORTED.includes(type)) return { sortText: null, naturalKey: null, sortNumber: null };
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      // sort_text stays the exact lower-cased value: filters, facets and media look-ups match on it.
      return { sortText: text.toLowerCase().slice(0, 200), naturalKey: naturalSortKey(text), sortNumber: null };
    }
  }
}

/**
 * A value may only name files of its own collection: naming another collection's file would let its
 * clean-up delete that file (and would serve it under this collection's visibility).
 */
function ownMedia(value: unknown, collectionId: number): boolean {
  return !isMediaValue(value) || mediaCollectionId(value) === collectionId;
}

/**
 * Validates submitted values against the collection's properties and returns the rows to store.
 * Unknown keys, wrong types, several values for a single-value property and missing "never empty"
 * values are all reported at once as VALIDATION_FAILED with one field per problem.
 */
export function valuesToRows(props: PropertyRow[], submitted: Record<string, unknown>, collectionId: number): ValueRow[] {
  const byKey = new Map(props.map((p) => [p.key, p]));
  const issues: FieldIssue[] = [];
  const rows: ValueRow[] = [];
  for (const key of Object.keys(submitted)) {
    if (!byKey.has(key)) issues.push({ path: `values.${key}`, reason: 'unknown_property', message: '' });
  }
  for (const prop of props) {
    const raw = submitted[prop.key];
    // A single json value may itself be an array; a multiple property always takes a list.
    const list = Array.isArray(raw) && (prop.multiple || prop.type !== 'json') ? raw : raw === undefined ? [] : [raw];
    if (!prop.multiple && list.length > 1) {
      issues.push({ path: `values.${prop.key}`, reason: 'not_multiple', message: '' });
      continue;
    }
    if (list.length > MAX_VALUES_PER_PROPERTY) {
      issues.push({ path: `values.${prop.key}`, reason: 'too_big', message: '' });
      continue;
    }
    let position = 0;
    list.forEach((entry, index) => {
      const result = normalizeValue(prop.type as PropertyType, entry);
      if (!result.ok) {
        issues.push({ path: prop.multiple ? `values.${prop.key}.${index}` : `values.${prop.key}`, reason: result.reason, message: '' });
        return;
      }
      if (result.value === null) return;
      if (!ownMedia(result.value, collectionId)) {
        issues.push({ path: prop.multiple ? `values.${prop.key}.${index}` : `values.${prop.key}`, reason: 'invalid_media', message: '' });
        return;
      }
      rows.push({
        propertyId: prop.id,
        position: position++,
        value: JSON.stringify(result.value),
        ...sortKeys(prop.type as PropertyType, result.value),
        sortable: prop.sortable,
      });
    });
    if (prop.required && position === 0 && !issues.some((i) => i.path.startsWith(`values.${prop.key}`))) {
      issues.push({ path: `values.${prop.key}`, reason: 'required', message: '' });
    }
  }
  if (issues.length > 0) throw new ApiError('VALIDATION_FAILED', { fields: issues });
  return rows;
}

/** A default value as stored on the property (normalized; an array for multiple properties). */
export function normalizeDefault(prop: Pick<PropertyRow, 'type' | 'multiple' | 'collectionId'>, raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const list = prop.multiple && Array.isArray(raw) ? raw : [raw];
  const values: unknown[] = [];
  for (const entry of list) {
    const result = normalizeValue(prop.type as PropertyType, entry);
    const reason = !result.ok ? result.reason : ownMedia(result.value, prop.collectionId) ? null : 'invalid_media';
    if (reason) throw new ApiError('VALIDATION_FAILED', { fields: [{ path: 'defaultValue', reason, message: '' }] });
    if (!result.ok) continue;
    if (result.value !== null) values.push(result.value);
  }
  if (values.length === 0) return null;
  return JSON.stringify(prop.multiple ? values : values[0]);
}
