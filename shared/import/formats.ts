// The formats Vitrine reads, recognised by their content (never by the file's name), and each one's
// reader: the head (fields) and the records of a window.
import { AMC_RECORD, antMovieHead, antMovieRecord, isAntMovieHead } from './antmovie';
import { alexandriaHead, alexandriaRecord, isAlexandriaHead } from './alexandria';
import { BGG_FIELDS, BGG_RECORD, bggRecord, isBggHead } from './bgg';
import { restoreFormulaCell } from '../csv';
import { clzHead, clzRecord, clzRecordName, isClzHead } from './clz';
import { CSV_MAX_COLUMNS, CSV_MAX_RECORD_CHARS, readCsvRecords, sniffCsv, type CsvOptions } from './csv';
import { dataCrowHead, dataCrowRecord, dataCrowRecordName, isDataCrowHead } from './datacrow';
import {
  DELICIOUS_PLIST_RECORD,
  DELICIOUS_RECORD,
  deliciousHead,
  deliciousRecord,
  isDeliciousHead,
  isDeliciousPlistHead,
} from './delicious';
import { ImportFileError } from './errors';
import { GCSTAR_RECORD, gcstarHead, gcstarRecord, isGcstarHead } from './gcstar';
import { GRIFFITH_FIELDS, GRIFFITH_RECORD, griffithRecord, isGriffithHead } from './griffith';
import { goodreadsLayout, isGoodreadsRow } from './goodreads-layout';
import { GOODREADS_RSS_FIELDS, GOODREADS_RSS_RECORD, goodreadsRssRecord, isGoodreadsRssHead } from './goodreads-rss';
import { holderStart, readJsonHead, readJsonRecords } from './json';
import { isLibrarythingHead, LIBRARYTHING_FIELDS, librarythingRecord } from './librarything';
import { isOnmyshelfHead, onmyshelfHead, onmyshelfRecord } from './onmyshelf';
import type { ImportFormat, ImportHead, ImportRecord, ImportRecords } from './records';
import { isTellicoHead, TELLICO_AFTER_RECORDS, TELLICO_RECORD, tellicoHead, tellicoRecord, tellicoRecordName } from './tellico';
import { isKodiHead, KODI_END, KODI_FIELDS, KODI_RECORD, kodiRecord, kodiStart } from './films/kodi';
import { isVitrineHead, VITRINE_EXPORT_VERSION, vitrineHead, vitrineRecord } from './vitrine';
import { looksLikeYaml } from './sniff';
import { readXmlHead, readXmlRecords, type XmlElement } from './xml';
import { readYamlDocuments } from './yaml-stream';
import { programByHeader, programOf } from './programs';
import { unpad } from './programs/cells';
import { columnName, matchesProgram } from './programs/program';
import { programFields, programReader } from './programs/read';

/** The format of a decoded file, or an unknown_format error. */
export function detectFormat(text: string): ImportFormat {
  const head = text.slice(0, 8192).trimStart();
  if (head === '') throw new ImportFileError('empty_file');
  if (head.startsWith('<')) {
    if (isTellicoHead(head)) return 'tellico';
    if (isGcstarHead(head)) return 'gcstar';
    if (isBggHead(head)) return 'bgg';
    if (isGoodreadsRssHead(head)) return 'goodreads_rss';
    if (isClzHead(head)) return 'clz';
    if (isDataCrowHead(head)) return 'datacrow';
    if (isAntMovieHead(head)) return 'amc';
    if (isGriffithHead(head)) return 'griffith';
    if (isKodiHead(head)) return 'kodi';
    if (isDeliciousHead(head)) return 'delicious';
    if (isDeliciousPlistHead(head)) return 'delicious_plist';
    throw new ImportFileError('unknown_format');
  }
  if (head.startsWith('{')) {
    if (isVitrineHead(head)) return 'vitrine';
    if (isLibrarythingHead(head)) return 'librarything';
    if (isOnmyshelfHead(head)) return 'onmyshelf';
    throw new ImportFileError('unknown_format');
  }
  if (head.startsWith('[')) throw new ImportFileError('unknown_format');
  if (isAlexandriaHead(head)) return 'alexandria';
  if (looksLikeYaml(head)) throw new ImportFileError('not_document', { reason: 'yaml' });
  // A program's export by its header row (or a list's first line); a Goodreads export that lost it, by its first book.
  const cells = firstRecord(head).map(unpad);
  return programByHeader(cells)?.format ?? (isGoodreadsRow(cells) ? 'goodreads' : 'csv');
}

/** Programs write commas, but LibraryThing tabs: the header row says which. */
const programCsv = (text: string): CsvOptions => ({
  delimiter: text.split(/\r?\n/, 1)[0]!.includes('\t') ? '\t' : ',',
  quote: '"',
  header: true,
});

/** The first record's cells ([] when it cannot be read: the file is then no program's). */
function firstRecord(text: string): string[] {
  try {
    return readCsvRecords(text, programCsv(text), 1, true).records[0]?.cells ?? [];
  } catch {
    return [];
  }
}

/** The element each XML format writes per item. */
const XML_RECORDS: Partial<Record<ImportFormat, string>> = {
  gcstar: GCSTAR_RECORD,
  tellico: TELLICO_RECORD,
  bgg: BGG_RECORD,
  goodreads_rss: GOODREADS_RSS_RECORD,
  kodi: KODI_RECORD,
  delicious: DELICIOUS_RECORD,
  delicious_plist: DELICIOUS_PLIST_RECORD,
};

/** The record element of an XML file: the format's, or the one the file's root names (Collectorz, Data Crow), kept in the head. */
function xmlRecordName(format: ImportFormat, text: string): string | undefined {
  if (format === 'clz') return clzRecordName(text.slice(0, 8192));
  if (format === 'datacrow') return dataCrowRecordName(text.slice(0, 8192));
  if (format === 'amc') return AMC_RECORD;
  if (format === 'griffith') return GRIFFITH_RECORD;
  if (format === 'tellico') return tellicoRecordName(text);
  return XML_RECORDS[format];
}

/** The CSV options a format uses: the person's for plain CSV, the program's own otherwise. */
export function csvOptionsOf(format: ImportFormat, text: string, chosen?: CsvOptions): CsvOptions {
  return programOf(format) ? programCsv(text) : (chosen ?? sniffCsv(text));
}

/** A CSV column's field key: its position. */
const columnKey = (index: number) => `c${index}`;

/** The fields and template of the collection programs' XML (Collectorz, Data Crow, Ant Movie Catalog, Griffith). */
function collectorHead(
  format: ImportFormat,
  text: string,
  root: XmlElement,
  start: number,
  recordName: string,
): Pick<ImportHead, 'fields' | 'collectionType'> | null {
  if (format === 'clz') return clzHead(recordName);
  if (format === 'datacrow') return dataCrowHead(text, start, recordName);
  if (format === 'amc') return antMovieHead(root);
  if (format === 'griffith') return { fields: GRIFFITH_FIELDS, collectionType: 'movies' };
  return null;
}

/** What a file's archive holds beside it that its head needs: a GCstar model's .gcm. */
export interface HeadExtras {
  gcm?: string | null;
}

/** Rows read to find a program's header after the lines about the file that may come first. */
const PREAMBLE_ROWS = 8;

/** The head of a file: its fields and where its records begin. */
export function readHead(format: ImportFormat, text: string, csv: CsvOptions, extras: HeadExtras = {}): ImportHead {
  if (format === 'kodi')
    return { format, fields: KODI_FIELDS, collectionType: 'movies', columns: null, start: kodiStart(text), firstRow: 1 };
  if (format === 'delicious' || format === 'delicious_plist')
    return { format, ...deliciousHead(text, format === 'delicious_plist'), columns: null, firstRow: 1 };
  if (format === 'alexandria') return { format, ...alexandriaHead(text), columns: null, firstRow: 1 };
  const recordName = xmlRecordName(format, text);
  if (recordName) {
    const { root, start } = readXmlHead(text, recordName);
    const collector = collectorHead(format, text, root, start, recordName);
    const described =
      collector ??
      (format === 'gcstar'
        ? gcstarHead(root, { gcm: extras.gcm, items: () => headItems(text.slice(start), recordName) })
        : format === 'tellico'
          ? tellicoHead(root)
          : format === 'goodreads_rss'
            ? { fields: GOODREADS_RSS_FIELDS, collectionType: 'books' as const }
            : { fields: BGG_FIELDS, collectionType: 'board_games' as const });
    // A record element the file itself names (Collectorz, Data Crow, Bookcase's <book>) is kept for the steps.
    return { format, ...described, columns: null, start, firstRow: 1, ...(recordName !== XML_RECORDS[format] && { record: recordName }) };
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
    return {
      format,
      fields: LIBRARYTHING_FIELDS,
      collectionType: 'books',
      columns: null,
      start: holderStart(text, 0, 'object'),
      firstRow: 1,
      holder: 'object',
    };
  }
  const program = programOf(format);
  // A program's header may follow a few lines about the file (a Letterboxd list's).
  const rows = readCsvRecords(text, csv, program?.headerRow ? PREAMBLE_ROWS : 1, true).records;
  const headerIndex = program?.headerRow ? program.headerRow(rows.map((r) => r.cells.map((c) => c.trim()))) : 0;
  const header = rows[headerIndex];
  if (!header) throw new ImportFileError('no_records');
  if (program) {
    const cells = header.cells.map(unpad);
    // A Goodreads export without its header row: its first row is already a book.
    const layout = format === 'goodreads' && !matchesProgram(program, cells) ? goodreadsLayout(cells.length) : undefined;
    const columns = layout ?? cells;
    const idsOnly = program.idsOnly === true && !columns.some((c) => columnName(c) === 'title');
    const fields = programFields(program, columns);
    const collectionType = program.collectionType ?? 'books';
    return {
      format,
      fields,
      collectionType,
      columns,
      start: layout ? 0 : header.end,
      firstRow: layout ? 1 : headerIndex + 2,
      ...(idsOnly && { idsOnly }),
    };
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
  head: ImportHead,
  csv: CsvOptions,
  window: string,
  limit: number,
  final: boolean,
  firstRow: number,
): ImportRecords {
  const recordName = head.record ?? XML_RECORDS[head.format];
  if (recordName) {
    const closed = head.format === 'kodi' && final ? window + KODI_END : window;
    // Tellico's images, borrowers and filters follow its entries: the records end there.
    const endsAt = head.format === 'tellico' ? TELLICO_AFTER_RECORDS : undefined;
    const read = atRecord(firstRow, () => readXmlRecords(closed, recordName, limit, final, endsAt));
    return { ...read, records: read.records.map((element, index) => xmlRecord(head, firstRow + index, element)) };
  }
  if (head.format === 'alexandria') {
    const read = atRecord(firstRow, () => readYamlDocuments(window, limit, final, firstRow));
    return { ...read, records: read.records.map((data, index) => alexandriaRecord(firstRow + index, data)) };
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
  const program = programOf(head.format);
  const programRecord = program && programReader(program, head.columns ?? [], csv.delimiter);
  const records = read.records.map((record, index) => {
    const row = firstRow + index;
    if (programRecord) return programRecord(row, record.cells);
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
export function readSample(head: ImportHead, csv: CsvOptions, text: string, whole: boolean): ImportRecord[] {
  let records: ImportRecord[];
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
    if (err instanceof ImportFileError && err.problem === 'record_too_long')
      throw new ImportFileError(err.problem, { row, limit: CSV_MAX_RECORD_CHARS });
    throw err;
  }
}

/** The records a head's text holds whole (a model without a description is read from them). */
function headItems(window: string, recordName: string): XmlElement[] {
  try {
    return readXmlRecords(window, recordName, SAMPLE_RECORDS, false).records;
  } catch {
    return [];
  }
}

function xmlRecord(head: ImportHead, row: number, element: XmlElement): ImportRecord {
  if (head.format === 'gcstar') return gcstarRecord(row, element, head.fields);
  if (head.format === 'tellico') return tellicoRecord(row, element, head.fields);
  if (head.format === 'goodreads_rss') return goodreadsRssRecord(row, element);
  if (head.format === 'clz') return clzRecord(row, element);
  if (head.format === 'datacrow') return dataCrowRecord(row, element, head.fields);
  if (head.format === 'amc') return antMovieRecord(row, element, head.fields);
  if (head.format === 'griffith') return griffithRecord(row, element);
  if (head.format === 'kodi') return kodiRecord(row, element);
  if (head.format === 'delicious' || head.format === 'delicious_plist')
    return deliciousRecord(row, element, head.format === 'delicious_plist');
  return bggRecord(row, element);
}
