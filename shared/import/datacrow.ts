// Data Crow's XML exports: <data-crow-objects> holding one element per item, named after its module
// (<book>, <movie>, <software>, <audio-cd>…) — directly in Data Crow 4, inside <book-items> in Data
// Crow 5. Each field is a child element; a list holds elements with a <name> (<authors><author><name>,
// <authors-items> in version 5). Pictures are paths to files in a folder beside the XML, zipped with it.
import type { PropertyType, TemplateType } from '../catalogue';
import { halveRating, putValues, importField, type ImportField, type ImportRecord } from './records';
import { child, readXmlRecords, type XmlElement } from './xml';

export const isDataCrowHead = (head: string) => /<data-crow-objects[\s>]/.test(head);

/** The item element: the first one in the root, without Data Crow 5's "-items" around it. */
export function dataCrowRecordName(head: string): string {
  const first = /<data-crow-objects\b[^>]*>\s*(?:<!--[\s\S]*?-->\s*)*<([\w.-]+)/.exec(head)?.[1] ?? 'item';
  return first.replace(/-items$/, '');
}

/** Elements that say nothing of the item: Data Crow's bookkeeping and the "-list" copies of lists. */
const IGNORED = /^(id|item|datacrow-module-index|service|service-url|filehash.*|icon)$|-list$/;

/** A field's key: its element's name, the same in both versions (authors-items → authors). */
const keyOf = (name: string) => name.replace(/-items$/, '');

/** The fields of the modules Vitrine has templates for, and where each goes. */
const MODULES: Record<string, { type: TemplateType; fields: ImportField[] }> = {
  book: {
    type: 'books',
    fields: [
      importField('title', 'Title', 'text', 'title'),
      importField('picture-front', 'Picture front', 'image', 'cover'),
      importField('authors', 'Authors', 'text', 'authors', true),
      importField('publishers', 'Publishers', 'text', 'publisher'),
      importField('year', 'Year', 'number', 'year'),
      importField('isbn-13', 'ISBN-13', 'text', 'isbn'),
      importField('isbn-10', 'ISBN-10', 'text'),
      importField('pages', 'Pages', 'number', 'pages'),
      importField('languages', 'Languages', 'text', 'language'),
      importField('category', 'Category', 'text', 'genre', true),
      importField('binding', 'Binding', 'text', 'format'),
      importField('series', 'Series', 'text', 'series'),
      importField('volume-nr', 'Volume nr', 'number', 'series_number'),
      importField('description', 'Description', 'longtext', 'summary'),
      importField('read', 'Read', 'yesno', 'read'),
      importField('rating', 'Rating', 'rating', 'rating'),
    ],
  },
  movie: {
    type: 'movies',
    fields: [
      importField('title', 'Title', 'text', 'title'),
      importField('title-local', 'Local title', 'text'),
      importField('picture-front', 'Picture front', 'image', 'poster'),
      importField('directors', 'Directors', 'text', 'directors', true),
      importField('actors', 'Actors', 'text', 'cast', true),
      importField('year', 'Year', 'number', 'year'),
      importField('playlength', 'Length', 'number', 'runtime'),
      importField('genres', 'Genres', 'text', 'genre', true),
      importField('storage-medium', 'Storage medium', 'text', 'format'),
      importField('ean', 'EAN', 'text', 'barcode'),
      importField('description', 'Description', 'longtext', 'synopsis'),
      importField('seen', 'Seen', 'yesno', 'watched'),
      importField('rating', 'Rating', 'rating', 'rating'),
    ],
  },
};

/** A field of another module, or one the person added, by what its element holds. */
function guessedField(element: XmlElement): ImportField {
  const key = keyOf(element.name);
  const label = key.charAt(0).toUpperCase() + key.slice(1).replace(/-/g, ' ');
  const text = element.text.trim();
  const type: PropertyType = key.startsWith('picture')
    ? 'image'
    : key === 'rating'
      ? 'rating'
      : /(^|-)(date|created|modified)$/.test(key)
        ? 'date'
        : /^(true|false)$/.test(text)
          ? 'yesno'
          : text.length > 200 || key === 'description'
            ? 'longtext'
            : 'text';
  return importField(key, label, type, key === 'title' ? 'title' : undefined, element.children.length > 0);
}

/**
 * The fields of a Data Crow file: its module's, then every other element its first records fill (Data
 * Crow writes no description of its fields, and the person may have added their own).
 */
export function dataCrowHead(text: string, start: number, record: string): { fields: ImportField[]; collectionType: TemplateType | null } {
  const module = MODULES[record];
  const fields = [...(module?.fields ?? [])];
  // Data Crow 5 writes the front picture as picture-01: read into picture-front.
  const known = new Set([...fields.map((f) => f.key), ...(module ? ['picture-01'] : [])]);
  let sample: XmlElement[] = [];
  try {
    sample = readXmlRecords(text.slice(start), record, 50, false).records;
  } catch {
    // A head too short for a whole record: the module's fields are enough to begin with.
  }
  for (const item of sample) {
    for (const element of item.children) {
      const key = keyOf(element.name);
      if (known.has(key) || IGNORED.test(element.name) || valuesOf(item, key).length === 0) continue;
      known.add(key);
      fields.push(guessedField(element));
    }
  }
  if (!known.has('title')) fields.unshift(importField('title', 'Title', 'text', 'title'));
  return { fields, collectionType: module?.type ?? null };
}

/** A field's texts: a list's names, or the element's text. */
function valuesOf(item: XmlElement, key: string): string[] {
  const element = child(item, key) ?? child(item, `${key}-items`);
  if (!element) return [];
  const texts = element.children.length > 0 ? element.children.map((c) => child(c, 'name')?.text ?? c.text) : [element.text];
  return texts.map((t) => t.trim()).filter((t) => t !== '');
}

/** "2:13:00" or seconds, as minutes. */
function minutesOf(text: string): string {
  const parts = text.split(':').map(Number);
  if (parts.some((n) => !Number.isFinite(n))) return text;
  if (parts.length === 1) return String(Math.round(parts[0]! / 60));
  const [hours, minutes] = parts.length === 3 ? parts : [0, parts[0]!];
  return String(hours! * 60 + minutes!);
}

/** "7 / 10" (Data Crow 4) or "7" (out of 10, Data Crow 5) as Vitrine's 0–5. */
function ratingOf(text: string): string | undefined {
  const [value, outOf] = text.split('/').map((t) => Number(t.trim()));
  if (!value || !Number.isFinite(value)) return undefined;
  return halveRating(String(outOf ? (value * 10) / outOf : value));
}

export function dataCrowRecord(row: number, item: XmlElement, fields: readonly ImportField[]): ImportRecord {
  // Keys are the file's own element names ("constructor" among them): a map without a prototype.
  const values: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  // The state Data Crow 4 writes as text and 5 as a list: "Read" and "Seen" say yes to read and seen.
  const state = valuesOf(item, 'state');
  for (const field of fields) {
    let texts = valuesOf(item, field.key);
    if (field.key === 'picture-front' && texts.length === 0) texts = valuesOf(item, 'picture-01');
    if (field.key === 'read' && texts.length === 0 && state.length > 0) texts = [String(state.includes('Read'))];
    if (field.key === 'seen' && texts.length === 0 && state.length > 0) texts = [String(state.includes('Seen'))];
    if (field.key === 'playlength') texts = texts.map(minutesOf);
    if (field.type === 'rating') texts = texts.map((t) => ratingOf(t) ?? '');
    putValues(values, field.key, texts);
  }
  return { row, id: child(item, 'id')?.text.trim() || null, values };
}
