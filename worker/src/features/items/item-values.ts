// An item's values as its cached data holds them (items.data), and the text its roles show.
import type { ItemRow } from '@worker/db/raw-rows';
import type { PropertyRow } from '@worker/lib/values';

/** Values by property key, for the given (visible) properties only, from the item's cached data. */
export function valuesOf(row: Pick<ItemRow, 'data'>, props: PropertyRow[]): Record<string, unknown> {
  const byId = JSON.parse(row.data) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const p of props) if (byId[p.id] !== undefined) values[p.key] = byId[p.id];
  return values;
}

/** Each property's stored values (JSON texts in position order), read back from items.data. */
export function storedValues(props: PropertyRow[], data: string): Map<number, string[]> {
  const parsed = JSON.parse(data) as Record<string, unknown>;
  const out = new Map<number, string[]>();
  for (const prop of props) {
    const value = parsed[String(prop.id)];
    if (value === undefined) continue;
    const list = prop.multiple && Array.isArray(value) ? value : [value];
    out.set(
      prop.id,
      list.map((entry) => JSON.stringify(entry)),
    );
  }
  return out;
}

/** Between the values of a multiple title or subtitle ("Dune, Le Cycle de Dune"). */
export const ROLE_VALUES_SEPARATOR = ', ';

/**
 * The text a role shows. A title or subtitle shows every value of a multiple property, in order, so
 * item pages, cards, lists and link previews (which all read these) never hide one; a cover or a
 * reference is one value, the first.
 */
export function roleValue(
  values: Record<string, unknown>,
  props: PropertyRow[],
  role: 'isTitle' | 'isSubtitle' | 'isCover' | 'isReference',
): string | null {
  const prop = props.find((p) => p[role]);
  if (!prop) return null;
  const value = values[prop.key];
  const list = (Array.isArray(value) && prop.multiple ? value : [value]).filter((v) => v !== undefined && v !== null && v !== '');
  if (list.length === 0) return null;
  const shown = role === 'isTitle' || role === 'isSubtitle' ? list : list.slice(0, 1);
  return shown.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(ROLE_VALUES_SEPARATOR);
}
