// Who made an item, for a card's second line, a generated cover and the item page's header: the first
// text property shown in the summary (a book's authors, a film's directors) that the item fills; several
// values joined.
import type { Property } from '@shared/schemas/properties';

function creatorTexts(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** The property that names the item's maker among `candidates`, or null. */
export function creatorProperty(values: Readonly<Record<string, unknown>>, candidates: readonly Property[]): Property | null {
  return (
    candidates.find(
      (property) => property.type === 'text' && !property.isTitle && !property.isSubtitle && creatorTexts(values[property.key]).length > 0,
    ) ?? null
  );
}

export function itemCreator(values: Readonly<Record<string, unknown>>, summary: readonly Property[]): string | null {
  const property = creatorProperty(values, summary);
  return property ? creatorTexts(values[property.key]).join(', ') : null;
}
