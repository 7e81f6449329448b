// GCstar's .gcs files: <collection type="GCbooks|GCmusics|GCcoins|…">, the fields the person added
// (<userCollection><fields>), then one <item> per thing. A value is an attribute, an element (long
// texts), or a list of <line><col> rows (authors; a track's number, title and time). Dates are day
// first; ratings run 0–10; pictures are file paths, found again by their name in a zip. A model of the
// person's own is read from its .gcm (zipped beside the file), else from the items' own attributes.
import type { TemplateType } from '../catalogue';
import { dayFirstDate, halveRating, putValues, type ImportField, type ImportRecord } from './records';
import { f, fieldOfGcstarType, type ModelField, type Reading } from './gcstar-fields';
import { gcmFields } from './gcstar-gcm';
import { gcstarLoans } from './loans';
import { GCSTAR_MODELS } from './gcstar-models';
import { child, childrenOf, type XmlElement } from './xml';

export const GCSTAR_RECORD = 'item';

/** The root element GCstar writes, with its model's name (GC… for its own, any name for the person's). */
export const isGcstarHead = (head: string) =>
  /<collection\s[^>]*type="GC\w+"/.test(head) || /<collection\s(?=[^>]*\btype="[^"]+")(?=[^>]*\bitems="\d+")[^>]*>/.test(head);

/** A field the person added in GCstar, by GCstar's type. */
function userField(element: XmlElement): ModelField | null {
  return fieldOfGcstarType(element.attrs, element.attrs.label || element.attrs.value || '');
}

/** What a GCstar file comes with beside its text: its model's .gcm, and items read for a model without one. */
export interface GcstarExtras {
  gcm?: string | null;
  items?: () => readonly XmlElement[];
}

/**
 * A model nobody described (no .gcm came with the file): every attribute and element its items hold is
 * a text field named after it, a list of rows keeping all its columns.
 */
function fieldsOfItems(items: readonly XmlElement[]): ModelField[] {
  const seen = new Map<string, ModelField>();
  for (const item of items) {
    for (const name of Object.keys(item.attrs)) if (name !== 'id' && !seen.has(name)) seen.set(name, f(name, name, 'text'));
    for (const element of item.children) {
      if (seen.has(element.name)) continue;
      const lines = childrenOf(element, 'line').length > 0;
      seen.set(
        element.name,
        lines ? f(element.name, element.name, 'text', undefined, true, 'columns') : f(element.name, element.name, 'longtext'),
      );
    }
  }
  return [...seen.values()];
}

/** The fields of a GCstar file: its model's, then the person's own; and the template it fills. */
export function gcstarHead(root: XmlElement, extras: GcstarExtras = {}): { fields: ImportField[]; collectionType: TemplateType | null } {
  const model = GCSTAR_MODELS[root.attrs.type ?? ''];
  const modelFields = model?.fields ?? (extras.gcm ? gcmFields(extras.gcm) : fieldsOfItems(extras.items?.() ?? []));
  const user = childrenOf(child(child(root, 'userCollection'), 'fields'), 'field')
    .map(userField)
    .filter((u): u is ModelField => u !== null);
  const keys = new Set(modelFields.map((m) => m.field.key));
  const fields = [...modelFields, ...user.filter((u) => !keys.has(u.field.key))];
  return {
    fields: fields.map((m) => ({ ...m.field, ...(m.reading !== 'plain' && { reading: m.reading }) })),
    collectionType: model?.type ?? null,
  };
}

/**
 * A value's rows: the attribute, or the element's text, or the columns of each of its lines (a list
 * already split, where a comma belongs to the value: "Collins, Suzanne").
 */
function rowsOf(item: XmlElement, key: string): { rows: string[][]; lines: boolean } {
  // Own attributes only: GCstar's minicars have a field named "constructor".
  if (Object.hasOwn(item.attrs, key)) return { rows: [[item.attrs[key]!]], lines: false };
  const element = child(item, key);
  if (!element) return { rows: [], lines: false };
  const lines = childrenOf(element, 'line');
  if (lines.length > 0) return { rows: lines.map((line) => childrenOf(line, 'col').map((col) => col.text.trim())), lines: true };
  return { rows: [[element.text]], lines: false };
}

/** GCstar writes <br/> as text in its long fields. */
const plainText = (text: string) =>
  text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .trim();

function read(text: string, reading: Reading | undefined): string[] {
  switch (reading) {
    case 'date':
      return [dayFirstDate(text)];
    case 'year':
      return [/\b(\d{4})\b/.exec(text)?.[1] ?? text];
    case 'rating10':
      return [halveRating(text) ?? ''];
    case 'commas':
      return text.split(/,\s*/);
    default:
      return [text];
  }
}

/** A field as the head keeps it, with how its texts read. */
export type GcstarField = ImportField & { reading?: Reading };

/** A row's texts: every column of a table ("1 :: Intro :: 3:12"), else its first, the value itself. */
function rowTexts(row: string[], reading: Reading | undefined): string[] {
  if (reading === 'columns') return [row.filter((col) => col !== '').join(' :: ')];
  return [row[0] ?? ''];
}

export function gcstarRecord(row: number, item: XmlElement, fields: readonly GcstarField[]): ImportRecord {
  // Without a prototype, a field named like an Object method ("constructor") holds only its values.
  const values: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const field of fields) {
    const value = rowsOf(item, field.key);
    // A list GCstar already split is not split again at its commas.
    const reading = value.lines && (field.reading === 'commas' || field.reading === 'columns') ? 'plain' : field.reading;
    const texts = value.rows.flatMap((r) => rowTexts(r, value.lines ? field.reading : undefined));
    const found = texts.flatMap((t) => read(field.type === 'longtext' ? plainText(t) : t, reading));
    // 0 is GCstar's "no rating", and a picture's value is its path: the name finds it in the archive.
    const kept = field.type === 'image' ? found.map((t) => t.split(/[\\/]/).pop() ?? t) : found;
    // GCstar's borrower of an item nobody borrowed is "none".
    if (field.key === 'borrower' && kept[0] === 'none') continue;
    putValues(values, field.key, kept);
  }
  const id = item.attrs.id?.trim() || null;
  const loans = gcstarLoans(item);
  return { row, id, values, ...(loans.length > 0 && { loans }) };
}
