// What every importer turns a file into: fields (what the file knows about an item, with the content
// type and the template property each most likely is) and records (one per item, with its row number
// and the reference that finds it again on the next run). Mapping (mapping.ts) then turns records into
// values of a collection's properties.
import type { PropertyType, TemplateType } from '../catalogue';

export const IMPORT_FORMATS = ['csv', 'goodreads'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface SourceField {
  /** Stable within the format: a column index for CSV, a field name for the others. */
  key: string;
  /** As the file names it (a CSV header), or the program's own name for it. */
  label: string;
  type: PropertyType;
  multiple: boolean;
  /** The key of the template property this field fills, when the file is about a known kind of thing. */
  target?: string;
}

export interface SourceRecord {
  /** The record's number as the person sees it: a spreadsheet's row (the header is row 1). */
  row: number;
  /** The file's own identifier of the item (Goodreads' Book Id…), when it has one. */
  id: string | null;
  /** Each field's values as text, in the file's order; a missing field has none. */
  values: Record<string, string[]>;
}

/** What a file's beginning says: its fields, the kind of collection, and where the records start. */
export interface SourceHead {
  format: ImportFormat;
  fields: SourceField[];
  /** The template a new collection for this file should use, when the format says. */
  collectionType: TemplateType | null;
  /** The header row's cells, for formats that read their columns by name. */
  columns: string[] | null;
  /** Characters before the first record (a header row). */
  start: number;
  /** The number of the first record's row. */
  firstRow: number;
}

/** Records read from a window of the file, and how many characters of it they used. */
export interface SourceRecords {
  records: SourceRecord[];
  /** Characters of the window the records used: the next window starts there. */
  used: number;
  done: boolean;
}
