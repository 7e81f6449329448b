// Which template a restored property's label comes from, so it reads in each reader's language again.
// Backups written since template labels exist say so; older ones are judged as the migration that
// introduced them judged existing properties: a label equal to the template's, in either language.
import type { ExportedProperty } from '@shared/import/vitrine';
import { isTemplateLabel, templateLabel } from '../collections/collections.service';

/** The template a property's label follows, or null when it is the owner's own label. */
export function restoredLabelTemplate(collectionType: string, property: Partial<ExportedProperty> | undefined): string | null {
  if (!property || typeof property.key !== 'string') return null;
  const given = property.labelTemplate;
  // Said by the backup: kept when that template has such a property.
  if (typeof given === 'string') return templateLabel(given, property.key, 'en_US') === null ? null : given;
  if (given === null) return null;
  return typeof property.label === 'string' && isTemplateLabel(collectionType, property.key, property.label) ? collectionType : null;
}
