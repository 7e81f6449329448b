// Which of a hit's fields fill a form being edited: at first those that give a value to a property the
// form leaves empty (nothing typed is replaced unless the person asks), then whatever the person checks.
import { SOURCE_FIELDS, type ImportField } from '@shared/schemas/sources';
import { hasValue } from '@web/lib/has-value';

type Mapping = Readonly<Record<ImportField, string | null>>;

/** The field gives its property a value (it goes somewhere, and the hit's text could be read there). */
export const fieldFills = (field: ImportField, mapping: Mapping, hitValues: Readonly<Record<string, unknown>>): boolean => {
  const key = mapping[field];
  return key !== null && hitValues[key] !== undefined;
};

/** The fields checked at first: those that fill a property whose value in the form is empty. */
export function suggestedFill(
  fields: readonly ImportField[],
  mapping: Mapping,
  hitValues: Readonly<Record<string, unknown>>,
  formValues: Readonly<Record<string, unknown>>,
): Set<ImportField> {
  return new Set(fields.filter((field) => fieldFills(field, mapping, hitValues) && !hasValue(formValues[mapping[field]!])));
}

/** The mapping of the checked fields only: the others go nowhere. */
export function mappingOf(mapping: Mapping, checked: ReadonlySet<ImportField>): Record<ImportField, string | null> {
  return Object.fromEntries(SOURCE_FIELDS.map((field) => [field, checked.has(field) ? mapping[field] : null])) as Record<
    ImportField,
    string | null
  >;
}
