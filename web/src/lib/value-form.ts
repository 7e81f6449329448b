// Property values as form inputs hold them (text in the input's own format) and back. The shared
// normalizers turn input text into API values, so forms give the server's verdict before sending.
import type { PropertyType } from '@shared/catalogue';
import { normalizeValue } from '@shared/values';
import type { ValueResult } from '@shared/values';
import { isoToLocalInput } from './local-datetime';

/** One API value as input text. */
export function toInputText(type: PropertyType, value: unknown): string {
  if (value === null || value === undefined) return type === 'yesno' ? 'false' : '';
  switch (type) {
    case 'yesno':
      return value === true ? 'true' : 'false';
    case 'json':
      return JSON.stringify(value, null, 2);
    case 'datetime':
      return typeof value === 'string' ? isoToLocalInput(value) : '';
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

/** The input texts of a property: a list (one entry for a single value; at least one entry). */
export function toInputTexts(field: { type: PropertyType; multiple: boolean }, value: unknown): string[] {
  const list: unknown[] = value === null || value === undefined ? [] : field.multiple && Array.isArray(value) ? value : [value];
  const texts = list.map((entry) => toInputText(field.type, entry));
  return texts.length > 0 ? texts : [toInputText(field.type, null)];
}

/** Input text to an API value; blank text gives ok(null), except yes/no which is always a boolean. */
export function fromInputText(type: PropertyType, text: string): ValueResult {
  if (type === 'yesno') return { ok: true, value: text === 'true' };
  return normalizeValue(type, text);
}

export type ValuesOutcome = { ok: true; value: unknown; empty: boolean } | { ok: false; reason: string };

/**
 * The API value of a property from its input texts: an array in input order for multiple properties
 * (blank entries dropped), else one value. Empty is said explicitly (null, or [] for a list): on a new
 * item, a missing key would take the property's default back.
 */
export function valueFromTexts(
  field: { type: PropertyType; multiple: boolean; required?: boolean },
  texts: readonly string[],
): ValuesOutcome {
  const results = texts.map((text) => fromInputText(field.type, text));
  const failed = results.find((result) => !result.ok);
  if (failed && !failed.ok) return failed;
  const values = results.map((result) => (result.ok ? result.value : null)).filter((value) => value !== null);
  if (values.length === 0) {
    return field.required ? { ok: false, reason: 'required' } : { ok: true, value: field.multiple ? [] : null, empty: true };
  }
  return { ok: true, value: field.multiple ? values : values[0], empty: false };
}

/** A property as a form of several inputs knows it. */
type KeyedField = { key: string; type: PropertyType; multiple: boolean };

/**
 * The values a form's inputs hold now, by property key, as the form would send them. Texts that cannot
 * be read yet count as what was typed (something is there); a required input left blank counts as empty.
 */
export function valuesOfTexts(fields: readonly KeyedField[], texts: Readonly<Record<string, readonly string[]>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const typed = texts[field.key] ?? [];
    const outcome = valueFromTexts({ type: field.type, multiple: field.multiple }, typed);
    values[field.key] = outcome.ok ? outcome.value : typed.filter((text) => text.trim() !== '');
  }
  return values;
}

/** The form's texts with these API values put in their properties' inputs (keys of no property are passed over). */
export function textsWithValues(
  fields: readonly KeyedField[],
  texts: Readonly<Record<string, string[]>>,
  values: Readonly<Record<string, unknown>>,
): Record<string, string[]> {
  const next = { ...texts };
  for (const field of fields) {
    if (field.key in values) next[field.key] = toInputTexts(field, values[field.key]);
  }
  return next;
}
