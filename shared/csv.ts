// Every CSV Vitrine writes goes through csvText, so that no cell of it runs as a formula in the spreadsheet
// of whoever opens it (a public collection's export is anyone's download). As OWASP recommends for CSV
// injection, a text cell that begins with =, +, -, @, a tab or a carriage return gets a leading single
// quote, and is quoted. A number stays a number: -3 cannot be a formula, and a spreadsheet reads it as -3.
// Vitrine's CSV import undoes exactly what was added (restoreFormulaCell), so an export imports back as it was.
import Papa from 'papaparse';

/** A cell as written: text, or a number or yes/no that stays as it is. */
export type CsvCell = string | number | boolean | null;

/**
 * The cells a quote is added to: what a spreadsheet takes for the start of a formula (or of a DDE
 * command), also behind quotes the text already had, so that a text which itself begins with ' and a
 * formula's start ("'=1") comes back from an import as it was, and not without its '.
 */
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
/** A cell the import takes one quote from: what NEEDS_QUOTE gave one. */
const ADDED_QUOTE = /^'+[=+\-@\t\r]/;
/** A plain negative number written as text ("-3", "-0.5"): read as a number, never as a formula. */
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;
/** Characters some spreadsheets split cells on (a French Excel splits on ;): such a cell is quoted. */
const SEPARATOR = /[,;\t|"\r\n]/;

/** A text cell as a spreadsheet reads it as text: with a leading quote if it begins like a formula. */
export function formulaSafe(text: string): string {
  return NEEDS_QUOTE.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A cell of a Vitrine CSV export as it was before formulaSafe. */
export function restoreFormulaCell(text: string): string {
  return ADDED_QUOTE.test(text) ? text.slice(1) : text;
}

/** Records as CSV (comma-separated, CRLF, each record ending with one), every text cell made formula-safe. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  const data = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? formulaSafe(cell) : cell)));
  const quoted = (cell: unknown) => typeof cell === 'string' && (cell.startsWith("'") || SEPARATOR.test(cell));
  return `${Papa.unparse(data, { newline: '\r\n', quotes: quoted })}\r\n`;
}
