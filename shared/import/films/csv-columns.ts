// Programs' CSV exports are read by their columns' names, as their header row gives them: the same
// program moves or adds columns between versions (IMDb did in 2024), never renames the ones it keeps.

/** A header line's column names (quoted or not, as programs write them). */
export const headerNames = (line: string): string[] => line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));

/** Whether a header holds every one of these column names. */
export const hasColumns = (header: readonly string[], names: readonly string[]) => names.every((name) => header.includes(name));

/** A row's cell by its column's name (trimmed; empty when the file has no such column). */
export function cellsByName(header: readonly string[], cells: readonly string[]): (name: string) => string {
  return (name) => {
    const index = header.indexOf(name);
    return index >= 0 ? (cells[index] ?? '').trim() : '';
  };
}

/** A list cell ("Drama, Crime") as its values. */
export const listOf = (text: string) => text.split(',').map((part) => part.trim());
