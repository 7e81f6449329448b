// Which of a hit's fields fill a form being edited: at first those that give a value to a property the
// form leaves empty (nothing typed is replaced unless the person asks), then whatever the person checks.
import { SOURCE_FIELDS, type SourceField } from '@shared/schemas/sources';
import { hasValue } from '@web/lib/has-value';

type Mapping = Readonly<Record<SourceField, string | null>>;

/** The field gives its property a value (it goes somewhere, and the hit's text could be read there). */
export const fieldFills = (field: SourceField, mapping: Mapping, hitValues: Readonly<Record<string, unknown>>): boolean => {
  const key = mapping[field];
  return key !== null && hitValues[key] !== undefined;
};

/** The fields checked at first: those that fill a property whose value in the form is empty. */
export function suggestedFill(
  fields: readonly SourceField[],
  mapping: Mapping,
  hitValues: Readonly<Record<string, unknown>>,
  formValues: Readonly<Record<string, unknown>>,
): Set<SourceField> {
  return new Set(fields.filter((field) => fieldFills(field, mapping, hitValues) && !hasValue(formValues[mapping[field]!])));
}

/** The mapping of the checked fields only: the others go nowhere. */
export function mappingOf(mapping: Mapping, checked: ReadonlySet<SourceField>): Record<SourceField, string | null> {
  return Object.fromEntries(SOURCE_FIELDS.map((field) => [field, checked.has(field) ? mapping[field] : null])) as Record<
    SourceField,
    string | null
  >;
}
