// Reads any program's CSV by its table (program.ts): the fields its header has, and each row as a
// record of those fields with the program's own id. The browser's preview and the Worker both use it.
import { putValues, importField, type ImportField, type ImportRecord } from '../records';
import { rejoinPadded, unpad } from './cells';
import { columnName, type CellOf, type CsvProgram, type HasColumn, type ProgramField } from './program';

/** Where each column name (as compared) is in the header: its first place. */
function columnIndex(header: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(columnName(name))) index.set(columnName(name), i);
  });
  return index;
}

/** The program's fields the header has, named as the header spells them. */
export function programFields(program: CsvProgram, header: readonly string[]): ImportField[] {
  const index = columnIndex(header);
  return program.fields.flatMap((field) => {
    const found = field.columns.find((name) => index.has(columnName(name)));
    if (found === undefined && !program.everyField) return [];
    const label = field.label ?? (found === undefined ? field.columns[0]! : unpad(header[index.get(columnName(found))!] ?? found) || found);
    const made = importField(field.key, label, field.type, field.target, field.multiple ?? false);
    return [field.filterable ? { ...made, settings: { filterable: true } } : made];
  });
}

/** A reader of the program's rows under this header, as records of the fields above. */
export function programReader(program: CsvProgram, header: readonly string[], delimiter: string) {
  const index = columnIndex(header);
  const has: HasColumn = (names) => names.some((name) => index.has(columnName(name)));
  return (row: number, read: readonly string[]): ImportRecord => {
    const cell = rowCells(index, read.length > header.length ? rejoinPadded(read, delimiter) : read);
    const values: Record<string, string[]> = {};
    for (const field of program.fields) putValues(values, field.key, fieldTexts(field, cell, has));
    const id = program.id(cell)?.trim();
    return { row, id: id ? id : null, values };
  };
}

/** A row's cells by column name: the first of the names the file has whose cell says something (a program's versions differ in names). */
function rowCells(index: ReadonlyMap<string, number>, cells: readonly string[]): CellOf {
  return (names) => {
    for (const name of names) {
      const i = index.get(columnName(name));
      const text = i === undefined ? '' : unpad(cells[i] ?? '');
      if (text !== '') return text;
    }
    return '';
  };
}

/** A row's cells by column name under this header. */
export const cellsOf = (header: readonly string[], cells: readonly string[]): CellOf => rowCells(columnIndex(header), cells);

function fieldTexts(field: ProgramField, cell: CellOf, has: HasColumn): (string | undefined)[] {
  const text = cell(field.columns);
  const read = field.read ? field.read(text, cell, has) : text;
  const texts = read === undefined ? [] : typeof read === 'string' ? [read] : [...read];
  const { split } = field;
  return split ? texts.flatMap((t) => (t ?? '').split(split)) : texts;
}
