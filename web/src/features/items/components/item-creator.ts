// Who made an item, for a card's second line and a generated cover: the first text property shown in
// the summary (a book's authors, a film's directors) that the item fills; several values joined.
import type { Property } from '../../../../../shared/schemas/properties';

export function itemCreator(values: Readonly<Record<string, unknown>>, summary: readonly Property[]): string | null {
  for (const property of summary) {
    if (property.type !== 'text' || property.isTitle || property.isSubtitle) continue;
    const value = values[property.key];
    const texts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (texts.length > 0) return texts.join(', ');
  }
  return null;
}
