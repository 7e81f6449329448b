// OnMyShelf's collection export (JSON): the collection's type, its properties (type, multiple, title and
// cover roles, labels by language) and its items, each with its id and values by property key.
// Vitrine's content types come from OnMyShelf's, so most properties keep their type.
import { COLLECTION_TYPES, PROPERTY_TYPES, type PropertyType, type TemplateType } from '../catalogue';
import { putValues, importField, type ImportField, type ImportRecord } from './records';

/** The members that say OnMyShelf wrote the file (checked on the file's beginning). */
export const isOnmyshelfHead = (head: string) => ['"properties"', '"borrowable"', '"visibility"', '"owner"'].every((m) => head.includes(m));

/** OnMyShelf's property keys that have another name in Vitrine's templates. */
const ALIASES: Record<string, string> = {
  author: 'authors',
  pub_year: 'year',
  image: 'cover',
  name: 'title',
  mechanism: 'mechanics',
  editor: 'publisher',
};

interface OnmyshelfProperty {
  type?: string;
  multiple?: number | boolean;
  isTitle?: number | boolean;
  isCover?: number | boolean;
  label?: Record<string, string | null>;
}

const collectionTypeOf = (type: unknown): TemplateType | null => {
  const normal = typeof type === 'string' ? type.replace('boardgames', 'board_games') : '';
  return (COLLECTION_TYPES as readonly string[]).includes(normal) ? (normal as TemplateType) : null;
};

/**
 * The properties of an export as fields, each aimed at the property of the same role or key (a target
 * the collection lacks is simply not used).
 */
export function onmyshelfHead(members: Record<string, unknown>): { fields: ImportField[]; collectionType: TemplateType | null } {
  const collectionType = collectionTypeOf(members.type);
  const properties = (members.properties && typeof members.properties === 'object' ? members.properties : {}) as Record<
    string,
    OnmyshelfProperty
  >;
  const fields = Object.entries(properties).map(([key, p]) => {
    const type = (PROPERTY_TYPES as readonly string[]).includes(p.type ?? '') ? (p.type as PropertyType) : 'text';
    const label = p.label?.en_US || Object.values(p.label ?? {}).find(Boolean) || key;
    const target = p.isTitle ? 'title' : p.isCover ? (collectionType === 'movies' ? 'poster' : 'cover') : (ALIASES[key] ?? key);
    return importField(key, label, type, target, Boolean(p.multiple));
  });
  return { fields, collectionType };
}

const asTexts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).flatMap((v) =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [String(v)] : [],
  );

export function onmyshelfRecord(row: number, item: unknown, fields: readonly ImportField[]): ImportRecord {
  const record = (item && typeof item === 'object' ? item : {}) as { id?: unknown; properties?: Record<string, unknown> };
  const values: Record<string, string[]> = {};
  for (const field of fields) putValues(values, field.key, asTexts(record.properties?.[field.key]));
  const id = typeof record.id === 'number' || typeof record.id === 'string' ? String(record.id) : null;
  return { row, id, values };
}
