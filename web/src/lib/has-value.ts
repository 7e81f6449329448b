// Whether a stored value says something: item pages, cards and the import preview leave out the rest.

/** A value worth showing: not null, not empty text, a list with at least one such value. */
export function hasValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasValue);
  return value !== null && value !== undefined && value !== '';
}
