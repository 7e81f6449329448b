// What every importer turns a file into: fields (what the file knows about an item, with the content
// type and the template property each most likely is) and records (one per item, with its row number
// and the reference that finds it again on the next run). Mapping (mapping.ts) then turns records into
// values of a collection's properties.
import type { PropertyType, TemplateType } from '../catalogue';
import type { PropertySettings } from '../schemas/properties';
import type { JsonHolder } from './json';
import type { ProgramLoan } from './loans';

export const IMPORT_FORMATS = [
  'csv',
  'goodreads',
  'goodreads_rss',
  'gcstar',
  'tellico',
  'bgg',
  'onmyshelf',
  'librarything',
  'vitrine',
  'clz',
  'datacrow',
  'amc',
  'griffith',
  'letterboxd',
  'imdb',
  'kodi',
  'delicious',
  'delicious_plist',
  'alexandria',
  'storygraph',
  'calibre',
  'librarything_csv',
  'bookwyrm',
  'openreads',
  'inventaire',
  'book_catalogue',
  'openlibrary',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportField {
  /** Stable within the format: a column index for CSV, a field name for the others. */
  key: string;
  /** As the file names it (a CSV header), or the program's own name for it. */
  label: string;
  type: PropertyType;
  multiple: boolean;
  /** The key of the template property this field fills, when the file is about a known kind of thing. */
  target?: string;
  /** A Vitrine export's property settings: a new property made for this field takes them. */
  settings?: PropertySettings;
}

export interface ImportRecord {
  /** The record's number as the person sees it: a spreadsheet's row (the header is row 1). */
  row: number;
  /** The file's own identifier of the item (Goodreads' Book Id…), when it has one. */
  id: string | null;
  /**
   * What earlier versions of the reader took as the identifier: an item an old import made under one of
   * them is found again, and takes `id` as its reference from then on.
   */
  formerIds?: string[];
  /** Each field's values as text, in the file's order; a missing field has none. */
  values: Record<string, string[]>;
  /** What a Vitrine export says of the item beside its values: taken by the item the import adds. */
  item?: RecordItem;
  /** A collection program's loans of the item (loans.ts): they become borrowers and loans when lending is on. */
  loans?: ProgramLoan[];
}

/** An item's own settings, dates and loans, as a Vitrine export gives them (shared/import/vitrine.ts). */
export interface RecordItem {
  quantity: number;
  visibility: number | null;
  borrowable: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  loans: RecordLoan[];
}

export interface RecordLoan {
  state: string;
  borrower: { name: string; email: string | null };
  message: string | null;
  notes: string | null;
  wantedFrom: string | null;
  wantedUntil: string | null;
  lentOn: string | null;
  dueOn: string | null;
  returnedOn: string | null;
  createdAt: string | null;
}

/** What a file's beginning says: its fields, the kind of collection, and where the records start. */
export interface ImportHead {
  format: ImportFormat;
  fields: ImportField[];
  /** The template a new collection for this file should use, when the format says. */
  collectionType: TemplateType | null;
  /** The header row's cells, for formats that read their columns by name. */
  columns: string[] | null;
  /** Characters before the first record (a header row). */
  start: number;
  /** The number of the first record's row. */
  firstRow: number;
  /** For JSON formats: whether the records are an array's values or an object's members. */
  holder?: JsonHolder;
  /** The record element of XML whose files name their own (Collectorz, Data Crow, Bookcase's <book>). */
  record?: string;
  /** The file names its items only by ids, without titles (Open Library's reading log): the preview says so. */
  idsOnly?: boolean;
}

/** Records read from a window of the file, and how many characters of it they used. */
export interface ImportRecords {
  records: ImportRecord[];
  /** Characters of the window the records used: the next window starts there. */
  used: number;
  done: boolean;
}

/** A field of a program's format: its key, the program's name for it, its content type and target. */
export const importField = (key: string, label: string, type: PropertyType, target?: string, multiple = false): ImportField => ({
  key,
  label,
  type,
  multiple,
  ...(target && { target }),
});

/** Keeps a field's texts that say something (trimmed, not empty). */
export function putValues(values: Record<string, string[]>, key: string, texts: readonly (string | null | undefined)[]) {
  const kept = texts.map((t) => (t ?? '').trim()).filter((t) => t !== '');
  if (kept.length > 0) values[key] = [...(values[key] ?? []), ...kept];
}

/** "7.5" on a 0–10 scale as a 0–5 rating in halves ("3.5"); nothing for 0, N/A or text. */
export function halveRating(text: string | undefined): string | undefined {
  const n = Number(text);
  if (!text || !Number.isFinite(n) || n <= 0 || n > 10) return undefined;
  return String(Math.round(n) / 2);
}

/** 31/03/2013 (day first, as GCstar writes) → 2013-03-31; other texts stay as they are. */
export function dayFirstDate(text: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : text;
}
