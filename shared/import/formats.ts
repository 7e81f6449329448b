// The formats Vitrine reads, recognised by their content (never by the file's name), and each one's
// reader: the head (fields) and the records of a window.
import { BGG_FIELDS, BGG_RECORD, bggRecord, isBggHead } from './bgg';
import { restoreFormulaCell } from '../csv';
import { CSV_MAX_COLUMNS, CSV_MAX_RECORD_CHARS, readCsvRecords, sniffCsv, type CsvOptions } from './csv';
import { ImportFileError } from './errors';
import { GCSTAR_RECORD, gcstarHead, gcstarRecord, isGcstarHead } from './gcstar';
import { GOODREADS_FIELDS, goodreadsRecord, isGoodreadsHeader } from './goodreads';
import { GOODREADS_RSS_FIELDS, GOODREADS_RSS_RECORD, goodreadsRssRecord, isGoodreadsRssHead } from './goodreads-rss';
import { holderStart, readJsonHead, readJsonRecords } from './json';
import { isLibrarythingHead, LIBRARYTHING_FIELDS, librarythingRecord } from './librarything';
import { isOnmyshelfHead, onmyshelfHead, onmyshelfRecord } from './onmyshelf';
import type { ImportFormat, SourceHead, SourceRecord, SourceRecords } from './source';
import { isTellicoHead, TELLICO_RECORD, tellicoHead, tellicoRecord } from './tellico';
import { isVitrineHead, VITRINE_EXPORT_VERSION, vitrineHead, vitrineRecord } from './vitrine';
import { looksLikeYaml } from './sniff';
import { readXmlHead, readXmlRecords, type XmlElement } from './xml';

/** The format of a decoded file, or an unknown_format error. */
export function detectFormat(text: string): ImportFormat {
  const head = text.slice(0, 8192).trimStart();
  if (head === '') throw new ImportFileError('empty_file');
  if (head.startsWith('<')) {
    if (isTellicoHead(head)) return 'tellico';
    if (isGcstarHead(head)) return 'gcstar';
    if (isBggHead(head)) return 'bgg';
    if (isGoodreadsRssHead(head)) return 'goodreads_rss';
    throw new ImportFileError('unknown_format');
  }
  if (head.startsWith('{')) {
    if (isVitrineHead(head)) return 'vitrine';
    if (isLibrarythingHead(head)) return 'librarything';
    if (isOnmyshelfHead(head)) return 'onmyshelf';
    throw new ImportFileError('unknown_format');
  }
  if (head.startsWith('[')) throw new ImportFileError('unknown_format');
  if (looksLikeYaml(head)) throw new ImportFileError('not_document', { reason: 'yaml' });
  const firstLine = head.split(/\r?\n/, 1)[0]!;
  return isGoodreadsHeader(firstLine) ? 'goodreads' : 'csv';
}

/** The element each XML format writes per item. */
const XML_RECORDS: Partial<Record<ImportFormat, string>> = { gcstar: GCSTAR_RECORD, tellico: TELLICO_RECORD, bgg: BGG_RECORD, goodreads_rss: GOODREADS_RSS_RECORD };

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
  const recordName = XML_RECORDS[format];
  if (recordName) {
    const { root, start } = readXmlHead(text, recordName);
    const described =
      format === 'gcstar'
        ? gcstarHead(root)
        : format === 'tellico'
          ? tellicoHead(root)
          : format === 'goodreads_rss'
            ? { fields: GOODREADS_RSS_FIELDS, collectionType: 'books' as const }
            : { fields: BGG_FIELDS, collectionType: 'board_games' as const };
    return { format, ...described, columns: null, start, firstRow: 1 };
  }
  if (format === 'onmyshelf' || format === 'vitrine') {
    const { members, start } = readJsonHead(text, 'items');
    if (start === null) throw new ImportFileError('no_records');
    // An export of another version is not read as if it were this one.
    if (format === 'vitrine' && members.version !== VITRINE_EXPORT_VERSION) throw new ImportFileError('unknown_version');
    const described = format === 'vitrine' ? vitrineHead(members) : onmyshelfHead(members);
    return { format, ...described, columns: null, start: holderStart(text, start, 'array'), firstRow: 1, holder: 'array' };
  }
  if (format === 'librarything') {
    return { format, fields: LIBRARYTHING_FIELDS, collectionType: 'books', columns: null, start: holderStart(text, 0, 'object'), firstRow: 1, holder: 'object' };
  }
  const first = readCsvRecords(text, csv, 1, true);
  const header = first.records[0];
  if (!header) throw new ImportFileError('no_records');
  if (format === 'goodreads') {
    return { format, fields: GOODREADS_FIELDS, collectionType: 'books', columns: header.cells, start: header.end, firstRow: 2 };
  }
  if (header.cells.length > CSV_MAX_COLUMNS) throw new ImportFileError('too_many_columns', { row: 1, limit: CSV_MAX_COLUMNS });
  // A CSV Vitrine exported: the quote it put before a formula's start is taken off again (shared/csv.ts).
  const columns = header.cells.map(restoreFormulaCell);
  const fields = columns.map((cell, index) => ({
    key: columnKey(index),
    label: csv.header && cell.trim() !== '' ? cell.trim() : '',
    type: 'text' as const,
    multiple: false,
  }));
  return csv.header
    ? { format, fields, collectionType: null, columns, start: header.end, firstRow: 2 }
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
  const recordName = XML_RECORDS[head.format];
  if (recordName) {
    const read = atRecord(firstRow, () => readXmlRecords(window, recordName, limit, final));
    return { ...read, records: read.records.map((element, index) => xmlRecord(head, firstRow + index, element)) };
  }
  const holder = head.holder;
  if (holder) {
    const read = atRecord(firstRow, () => readJsonRecords(window, holder, limit, final));
    const records = read.records.map(({ key, value }, index) =>
      head.format === 'librarything'
        ? librarythingRecord(firstRow + index, key, value)
        : head.format === 'vitrine'
          ? vitrineRecord(firstRow + index, value, head.fields)
          : onmyshelfRecord(firstRow + index, value, head.fields),
    );
    return { ...read, records };
  }
  const read = readCsvRecords(window, csv, limit, final, firstRow);
  const records = read.records.map((record, index) => {
    const row = firstRow + index;
    if (head.format === 'goodreads') return goodreadsRecord(row, record.cells, head.columns ?? []);
    const values: Record<string, string[]> = {};
    record.cells.forEach((read, column) => {
      const cell = restoreFormulaCell(read);
      if (cell.trim() !== '') values[columnKey(column)] = [cell];
    });
    return { row, id: null, values };
  });
  const used = read.records.length > 0 ? read.records[read.records.length - 1]!.end : 0;
  return { records, used, done: read.done };
}

/**
 * Records read from a file's head for guesses, the preview and the plan's check before a run: every
 * record of the 256 KB head in most files, so a column filled only further down is still seen.
 */
export const SAMPLE_RECORDS = 2000;

/**
 * The first records of a file from its decoded head (`whole`: the head is the whole file), the same in
 * the browser and in the Worker. A head that cuts a record too long to read gives none: the run's check
 * says what is wrong with it. A whole file without a record (a CSV of its header row alone) is no_records.
 */
export function readSample(head: SourceHead, csv: CsvOptions, text: string, whole: boolean): SourceRecord[] {
  let records: SourceRecord[];
  try {
    records = readRecords(head, csv, text.slice(head.start), SAMPLE_RECORDS, whole, head.firstRow).records;
  } catch (err) {
    if (err instanceof ImportFileError && !whole) return [];
    throw err;
  }
  if (whole && records.length === 0) throw new ImportFileError('no_records');
  return records;
}

/** A window's problem, said of its first record (the readers of XML and JSON do not count records). */
function atRecord<T>(row: number, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ImportFileError && err.problem === 'record_too_long') throw new ImportFileError(err.problem, { row, limit: CSV_MAX_RECORD_CHARS });
    throw err;
  }
}

function xmlRecord(head: SourceHead, row: number, element: XmlElement): SourceRecord {
  if (head.format === 'gcstar') return gcstarRecord(row, element, head.fields);
  if (head.format === 'tellico') return tellicoRecord(row, element, head.fields);
  if (head.format === 'goodreads_rss') return goodreadsRssRecord(row, element);
  return bggRecord(row, element);
}
