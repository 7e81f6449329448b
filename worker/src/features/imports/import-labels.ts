// A property an import creates for a field that means a template field (Goodreads' "Author" is the
// books template's authors) is named like the template's: in the importer's language, and shown in
// each reader's afterwards (label_template). A label the person typed stays as typed.
import type { Locale } from '@shared/constants';
import type { ImportHead } from '@shared/import/records';
import { isTemplateLabel, isTemplateType, templateLabel } from '../collections/collections.service';

interface NewProperty {
  key: string;
  label: string;
  /** The file's field the property is made for. */
  field: string;
}

/** The label and template a new property takes: the template's when its field means that template key. */
export function newPropertyLabel(
  property: NewProperty,
  head: Pick<ImportHead, 'fields' | 'collectionType'>,
  collectionType: string,
  locale: Locale,
) {
  const plain = { label: property.label, labelTemplate: null };
  const field = head.fields.find((f) => f.key === property.field);
  // Read at display by key: only a property keyed like the template's can follow the reader's language.
  if (!field || field.target !== property.key) return plain;
  const template = [collectionType, head.collectionType].find(
    (type) => type && isTemplateType(type) && templateLabel(type, property.key, locale),
  );
  if (!template) return plain;
  const untouched = property.label.trim() === field.label.trim() || isTemplateLabel(template, property.key, property.label);
  return untouched ? { label: templateLabel(template, property.key, locale)!, labelTemplate: template } : plain;
}
