// The formats Vitrine reads, recognised by their content (never by the file's name), and each one's
// reader: the head (fields) and the records of a window.
import { CSV_MAX_COLUMNS, readCsvRecords, sniffCsv, type CsvOptions } from './csv';
import { ImportFileError } from './errors';
import { GOODREADS_FIELDS, goodreadsRecord, isGoodreadsHeader } from './goodreads';
import type { ImportFormat, SourceHead, SourceRecords } from './source';

/** The format of a decoded file, or an unknown_format error. */
export function detectFormat(text: string): ImportFormat {
  const head = text.slice(0, 4096).trimStart();
  if (head === '') throw new ImportFileError('empty_file');
  if (head.startsWith('<') || head.startsWith('{') || head.startsWith('[')) throw new ImportFileError('unknown_format');
  const firstLine = head.split(/\r?\n/, 1)[0]!;
  return isGoodreadsHeader(firstLine) ? 'goodreads' : 'csv';
}

/** The CSV layout Goodreads exports: comma-separated, double quotes, a header row. */
const GOODREADS_CSV: CsvOptions = { delimiter: ',', quote: '"', header: true };

/** The CSV options a format uses: the person's for plain CSV, the program's own otherwise. */
export function csvOptionsOf(format: ImportFormat, text: string, chosen?: CsvOptions): CsvOptions {
  return format === 'goodreads' ? GOODREADS_CSV : (chosen ?? sniffCsv(text));
}

/** A CSV column's field key: its position. */
const columnKey = (index: number) => `c${index}`;

/** The head of a file: its fields and where its records begin. */
export function readHead(format: ImportFormat, text: string, csv: CsvOptions): SourceHead {
  const first = readCsvRecords(text, csv, 1, true);
  const header = first.records[0];
  if (!header) throw new ImportFileError('no_records');
  if (format === 'goodreads') {
    return { format, fields: GOODREADS_FIELDS, collectionType: 'books', columns: header.cells, start: header.end, firstRow: 2 };
  }
  if (header.cells.length > CSV_MAX_COLUMNS) throw new ImportFileError('too_many_columns', { row: 1, limit: CSV_MAX_COLUMNS });
  const fields = header.cells.map((cell, index) => ({
    key: columnKey(index),
    label: csv.header && cell.trim() !== '' ? cell.trim() : '',
    type: 'text' as const,
    multiple: false,
  }));
  return csv.header
    ? { format, fields, collectionType: null, columns: header.cells, start: header.end, firstRow: 2 }
    : { format, fields, collectionType: null, columns: null, start: 0, firstRow: 1 };
}

/**
 * Up to `limit` records from a window of the file that starts on a record boundary (`firstRow` is the
 * first one's number). `final` says the window reaches the end of the file.
 */
export function readRecords(
  head: SourceHead,
  csv: CsvOptions,
  window: string,
  limit: number,
  final: boolean,
  firstRow: number,
): SourceRecords {
  const read = readCsvRecords(window, csv, limit, final, firstRow);
  const records = read.records.map((record, index) => {
    const row = firstRow + index;
    if (head.format === 'goodreads') return goodreadsRecord(row, record.cells, head.columns ?? []);
    const values: Record<string, string[]> = {};
    record.cells.forEach((cell, column) => {
      if (cell.trim() !== '') values[columnKey(column)] = [cell];
    });
    return { row, id: null, values };
  });
  const used = read.records.length > 0 ? read.records[read.records.length - 1]!.end : 0;
  return { records, used, done: read.done };
}
