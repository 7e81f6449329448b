// A program's CSV export (a book or film program's) described as a table: the columns that say the
// file is that program's, and for each field of its template the program's column names (across its
// versions), how a cell becomes values, and which column is the program's own id. One engine (read.ts)
// reads them all.
import type { PropertyType, TemplateType } from '@shared/catalogue';
import type { ImportFormat } from '../records';

/** A cell's text by the first of these column names the file has ('' when none). */
export type CellOf = (columns: readonly string[]) => string;
/** Whether the header has one of these column names (a cell may be empty in a column the file has). */
export type HasColumn = (columns: readonly string[]) => boolean;

export interface ProgramField {
  key: string;
  type: PropertyType;
  /** The books template's property this field fills. */
  target?: string;
  multiple?: boolean;
  /** The program's names for the column, newest first: the first one the header has is read. */
  columns: readonly string[];
  /** Its name in the preview when not the column's (a field several columns fill). */
  label?: string;
  /** Cuts a cell into several values (a multiple field). */
  split?: string | RegExp;
  /** A new property made for it can filter the collection (statuses, shelves). */
  filterable?: boolean;
  /** Turns the cell into the field's texts, when a plain copy is not enough (a date, a rating, a status…). */
  read?: (text: string, cell: CellOf, has: HasColumn) => string | readonly (string | undefined)[] | undefined;
}

export interface CsvProgram {
  format: ImportFormat;
  /** Columns no other program writes together: a header with each (or one of each group) is this program's. */
  signature: readonly (string | readonly string[])[];
  /** The program's own id of a row, kept as the item's reference so a second run finds it again. */
  id: (cell: CellOf) => string | undefined;
  fields: readonly ProgramField[];
  /** The file names its books only by ids (no title): the preview says so. */
  idsOnly?: boolean;
  /**
   * The head lists every field, the file's columns or not: a plan made for one of the program's files
   * (IMDb's ratings) fits its others (a list), as the film programs' plans always have.
   */
  everyField?: boolean;
  /** The template its fields fill: books unless said. */
  collectionType?: TemplateType;
  /** A first line that says the file is this program's on its own (a list's preamble before its header). */
  firstLine?: RegExp;
  /** Where the header is among the file's first rows (trimmed cells), when it may not be the first: -1 for nowhere. */
  headerRow?: (rows: readonly (readonly string[])[]) => number;
}

/** Column names compared as people retype them: case and surrounding spaces aside. */
export const columnName = (name: string) => name.trim().toLowerCase();

/** Whether a header row (its cells) is this program's. */
export function matchesProgram(program: CsvProgram, header: readonly string[]): boolean {
  if (program.firstLine?.test(header[0]?.trim() ?? '')) return true;
  const names = new Set(header.map(columnName));
  return program.signature.every((wanted) => (typeof wanted === 'string' ? [wanted] : wanted).some((name) => names.has(columnName(name))));
}
