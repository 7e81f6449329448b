// How GCstar describes a field (a model's .gcm, or the person's own in <userCollection>) turned into a
// ImportField with the way its texts read. Built-in models (gcstar-models/) and custom ones share it.
import type { PropertyType, TemplateType } from '../catalogue';
import { importField, type ImportField } from './records';

/**
 * How a field's texts read: as they are, day-first dates, a 0–10 rating, a list split at commas, a year,
 * or a list's rows with every column kept ("1 :: Intro :: 3:12").
 */
export type Reading = 'plain' | 'date' | 'rating10' | 'commas' | 'year' | 'columns';

export interface ModelField {
  field: ImportField;
  reading: Reading;
}

/** A GCstar model: its fields, and the Vitrine template it fills when one fits. */
export interface GcstarModel {
  type: TemplateType | null;
  fields: ModelField[];
}

export const f = (
  key: string,
  label: string,
  type: PropertyType,
  target?: string,
  multiple = false,
  reading: Reading = 'plain',
): ModelField => ({
  field: importField(key, label, type, target, multiple),
  reading,
});

/** GCstar's attributes of a <field>: value (its key), label, type, and for numbers max and displayas. */
export type GcstarFieldAttrs = Record<string, string | undefined>;

/** A field by GCstar's type; null for GCstar's own counter (gcsautoid) and fields without a key. */
export function fieldOfGcstarType(attrs: GcstarFieldAttrs, label: string): ModelField | null {
  const key = attrs.value;
  if (!key || key === 'gcsautoid') return null;
  switch (attrs.type) {
    case 'yesno':
      return f(key, label, 'yesno');
    case 'number':
      // GCstar draws a number shown as stars as a rating; its 0–10 scale becomes Vitrine's 0–5.
      if (attrs.displayas === 'graphical') return f(key, label, 'rating', undefined, false, attrs.max === '10' ? 'rating10' : 'plain');
      return f(key, label, 'number');
    case 'long text':
      return f(key, label, 'longtext');
    case 'date':
      return f(key, label, 'date', undefined, false, 'date');
    case 'image':
      return f(key, label, 'image');
    case 'url':
      return f(key, label, 'url');
    case 'button':
      return f(key, label, attrs.format === 'url' ? 'url' : 'text');
    case 'single list':
      return f(key, label, 'text', undefined, true, 'commas');
    case 'double list':
    case 'triple list':
      return f(key, label, 'text', undefined, true, 'columns');
    default:
      return f(key, label, 'text');
  }
}

/** The fields GCstar adds to a model that says lending="true" (borrower, date, history) or tags="true". */
export const LENDING_FIELDS: ModelField[] = [
  f('borrower', 'Borrower', 'text'),
  f('lendDate', 'Lending date', 'date', undefined, false, 'date'),
  f('borrowings', 'Lending history', 'text', undefined, true, 'columns'),
];
export const TAG_FIELDS: ModelField[] = [f('favourite', 'Favourite', 'yesno'), f('tags', 'Tags', 'text', undefined, true, 'commas')];
