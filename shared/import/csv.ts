// CSV and TSV, read with Papa Parse. The browser reads a whole file for the preview; the Worker reads
// a file in windows that start on a record boundary and hands back where the last whole record ended,
// so each Workflow step parses only its own share.
import Papa from 'papaparse';
import { ImportFileError } from './errors';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
export const CSV_QUOTES = ['"', "'"] as const;
export type CsvQuote = (typeof CSV_QUOTES)[number];

export interface CsvOptions {
  delimiter: CsvDelimiter;
  quote: CsvQuote;
  /** The first record names the columns. */
  header: boolean;
}

/** More columns than this is not a catalogue but a broken file (or an attack on memory). */
export const CSV_MAX_COLUMNS = 300;
/** The longest record read, in characters: a window of the Worker never needs more. */
export const CSV_MAX_RECORD_CHARS = 256 * 1024;

/** Records a layout is judged on: a 256 KB head holds fewer of any catalogue worth guessing. */
const SNIFF_RECORDS = 5000;

/**
 * How well a layout reads the text: the share of its records with as many cells as the first (the
 * header row), and that count. The file's own layout splits every record alike; a separator found
 * only inside some cells ("|" in a title, "," in a TSV) splits them unevenly, or not the header.
 */
function layoutScore(text: string, delimiter: CsvDelimiter, quote: CsvQuote): { share: number; columns: number } {
  const records: { cells: number; broken: boolean }[] = [];
  Papa.parse<string[]>(text, {
    delimiter,
    quoteChar: quote,
    escapeChar: quote,
    preview: SNIFF_RECORDS,
    skipEmptyLines: 'greedy',
    step(result) {
      records.push({
        cells: result.data.length,
        broken: result.errors.some((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes'),
      });
    },
  });
  // The last record may be cut by the end of the head.
  if (records.length > 2) records.pop();
  const columns = records[0]?.cells ?? 0;
  // A record whose quotes do not close where the layout says is not read alike either.
  const alike = records.filter((r) => r.cells === columns && !r.broken).length;
  return { share: records.length > 0 ? alike / records.length : 0, columns };
}

/**
 * The delimiter, quote and header row a file most likely uses, judged on every record of `text` (the
 * head the browser and the Worker read alike); the person can change each.
 */
export function sniffCsv(text: string): CsvOptions {
  let best = { delimiter: ',' as CsvDelimiter, quote: '"' as CsvQuote, share: -1, columns: 1 };
  // Single quotes only when a cell starts with one: otherwise apostrophes would be taken for quotes.
  const quotes: CsvQuote[] = /(^|[,;\t|])'/m.test(text) ? ['"', "'"] : ['"'];
  for (const quote of quotes) {
    for (const delimiter of CSV_DELIMITERS) {
      const score = layoutScore(text, delimiter, quote);
      if (score.columns < 2) continue;
      // A clearly steadier split wins; between as steady ones, the one that finds more columns.
      const better = score.share > best.share + 0.05 || (score.share >= best.share - 0.05 && score.columns > best.columns);
      if (better) best = { delimiter, quote, share: score.share, columns: score.columns };
    }
  }
  return { delimiter: best.delimiter, quote: best.quote, header: true };
}

/** Records read from a window: each record's cells and where it ends (characters into the window). */
export interface CsvRecords {
  records: { cells: string[]; end: number }[];
  /** True when the window reached the end of the file and every record in it was read. */
  done: boolean;
}

/**
 * Reads up to `limit` records from text that starts on a record boundary. When `final` is false the
 * window may stop inside a record, so a record that runs up to the window's end is left for the next
 * window. A record that cannot fit in a window, a record with too many columns, or an unclosed quote
 * at the end of the file is an error about the file, with its record number (counted from `firstRow`).
 */
export function readCsvRecords(text: string, options: CsvOptions, limit: number, final: boolean, firstRow = 1): CsvRecords {
  const records: CsvRecords['records'] = [];
  let problem: ImportFileError | null = null;
  Papa.parse<string[]>(text, {
    delimiter: options.delimiter,
    quoteChar: options.quote,
    escapeChar: options.quote,
    skipEmptyLines: false,
    step(result, parser) {
      const row = firstRow + records.length;
      const cells = result.data;
      if (cells.length > CSV_MAX_COLUMNS) {
        problem = new ImportFileError('too_many_columns', { row, limit: CSV_MAX_COLUMNS });
        parser.abort();
        return;
      }
      const quoteError = result.errors.find((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes');
      const end = result.meta.cursor;
      if (quoteError && final && end >= text.length) {
        problem = new ImportFileError('unclosed_quote', { row });
        parser.abort();
        return;
      }
      records.push({ cells, end });
      if (records.length >= limit) parser.abort();
    },
  });
  if (problem) throw problem;
  // Papa Parse reads a last, empty line after a final newline as a record of one empty cell.
  const last = records[records.length - 1];
  if (last && last.cells.length === 1 && last.cells[0] === '' && last.end >= text.length) records.pop();
  if (!final) {
    const complete = records.filter((r) => r.end < text.length);
    // A window is as long as the longest record allowed, so one without a whole record holds a longer one.
    if (complete.length === 0) {
      throw new ImportFileError('record_too_long', { row: firstRow, limit: CSV_MAX_RECORD_CHARS });
    }
    return { records: complete, done: false };
  }
  const done = records.length === 0 || records[records.length - 1]!.end >= text.length || records.length < limit;
  return { records, done };
}

/** A record with nothing in it: blank lines and rows of empty cells are passed over, not imported. */
export function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
