// Reads any book program's CSV by its table (program.ts): the fields its header has, and each row as a
// record of those fields with the program's own id. The browser's preview and the Worker both use it.
import { putValues, sourceField, type SourceField, type SourceRecord } from '../source';
import { rejoinPadded, unpad } from './cells';
import { columnName, type CellOf, type CsvProgram, type ProgramField } from './program';

/** Where each column name (as compared) is in the header: its first place. */
function columnIndex(header: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(columnName(name))) index.set(columnName(name), i);
  });
  return index;
}

/** The program's fields the header has, named as the header spells them. */
export function programFields(program: CsvProgram, header: readonly string[]): SourceField[] {
  const index = columnIndex(header);
  return program.fields.flatMap((field) => {
    const found = field.columns.find((name) => index.has(columnName(name)));
    if (found === undefined) return [];
    const label = unpad(header[index.get(columnName(found))!] ?? found) || found;
    const made = sourceField(field.key, label, field.type, field.target, field.multiple ?? false);
    return [field.filterable ? { ...made, settings: { filterable: true } } : made];
  });
}

/** A reader of the program's rows under this header, as records of the fields above. */
export function programReader(program: CsvProgram, header: readonly string[], delimiter: string) {
  const index = columnIndex(header);
  return (row: number, read: readonly string[]): SourceRecord => {
    const cells = read.length > header.length ? rejoinPadded(read, delimiter) : read;
    // The first of the names the file has whose cell says something: a program's versions differ in names.
    const cell: CellOf = (names) => {
      for (const name of names) {
        const i = index.get(columnName(name));
        const text = i === undefined ? '' : unpad(cells[i] ?? '');
        if (text !== '') return text;
      }
      return '';
    };
    const values: Record<string, string[]> = {};
    for (const field of program.fields) putValues(values, field.key, fieldTexts(field, cell));
    const id = program.id(cell)?.trim();
    return { row, id: id ? id : null, values };
  };
}

function fieldTexts(field: ProgramField, cell: CellOf): (string | undefined)[] {
  const text = cell(field.columns);
  const read = field.read ? field.read(text, cell) : text;
  const texts = read === undefined ? [] : typeof read === 'string' ? [read] : [...read];
  const { split } = field;
  return split ? texts.flatMap((t) => (t ?? '').split(split)) : texts;
}
