// The film programs' CSV exports, each recognised by its header row's columns (a table: the first
// program whose signature the header fits), then read by column name. Letterboxd's lists begin with a
// few lines about the list: their films' table starts at its own header row further down.
import { readCsvRecords, type CsvOptions } from '../csv';
import { ImportFileError } from '../errors';
import type { ImportFormat, SourceField, SourceHead, SourceRecord } from '../source';
import { headerNames } from './csv-columns';
import { imdbRecord, IMDB_FIELDS, isImdbHeader } from './imdb';
import { isLetterboxdHeader, isLetterboxdListTable, LETTERBOXD_FIELDS, LETTERBOXD_LIST_LINE, letterboxdRecord } from './letterboxd';

interface FilmCsvProgram {
  /** Whether a file's first line is this program's. */
  fits: (firstLine: string) => boolean;
  fields: SourceField[];
  record: (row: number, cells: string[], header: readonly string[]) => SourceRecord;
}

const PROGRAMS = {
  letterboxd: {
    fits: (line) => LETTERBOXD_LIST_LINE.test(line) || isLetterboxdHeader(headerNames(line)),
    fields: LETTERBOXD_FIELDS,
    record: letterboxdRecord,
  },
  imdb: { fits: (line) => isImdbHeader(headerNames(line)), fields: IMDB_FIELDS, record: imdbRecord },
} satisfies Record<string, FilmCsvProgram>;

export type FilmCsvFormat = keyof typeof PROGRAMS;

export const isFilmCsv = (format: ImportFormat): format is FilmCsvFormat => Object.hasOwn(PROGRAMS, format);

/** The film program whose export begins with this line, if any. */
export function filmCsvFormat(firstLine: string): FilmCsvFormat | null {
  return (Object.keys(PROGRAMS) as FilmCsvFormat[]).find((format) => PROGRAMS[format].fits(firstLine)) ?? null;
}

/** Rows read to find a list's table: its own header comes after three lines about the list. */
const LIST_PREAMBLE_ROWS = 8;

/** The head of a film program's CSV: its fields, and its header row (a list's table's, for a Letterboxd list). */
export function filmCsvHead(format: FilmCsvFormat, text: string, csv: CsvOptions): SourceHead {
  const rows = readCsvRecords(text, csv, LIST_PREAMBLE_ROWS, true).records;
  const list = format === 'letterboxd' && LETTERBOXD_LIST_LINE.test(rows[0]?.cells[0] ?? '');
  const index = list ? rows.findIndex((r) => isLetterboxdListTable(r.cells.map((c) => c.trim()))) : 0;
  const header = rows[index];
  if (!header) throw new ImportFileError('no_records');
  const columns = header.cells.map((cell) => cell.trim());
  return { format, fields: PROGRAMS[format].fields, collectionType: 'movies', columns, start: header.end, firstRow: index + 2 };
}

export function filmCsvRecord(format: FilmCsvFormat, row: number, cells: string[], header: readonly string[]): SourceRecord {
  return PROGRAMS[format].record(row, cells, header);
}
