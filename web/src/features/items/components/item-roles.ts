// Which properties an item page puts in its header and summary, read from their types and the keys the
// collection templates give them: the creator as on the mosaic's cards, the year, the rating, and the
// first long text as the summary. Whatever is picked here is not repeated in the details below.
import { VISIBILITY } from '@shared/constants';
import type { Item } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { hasValue } from '@web/lib/has-value';
import { creatorProperty } from './item-creator';

/** The templates' makers when none is shown in the summary: a board game's designers are not. */
const CREATOR_KEYS = ['authors', 'writers', 'directors', 'designers'];
const YEAR_KEY = 'year';

export interface ItemRoles {
  creator: Property | null;
  /** "1969": a year property, else the year of the first date shown in the summary. */
  year: { property: Property; text: string } | null;
  rating: { property: Property; value: number } | null;
  summary: Property | null;
}

/** The item's properties the page may show: visible on browsing pages and filled in. */
export function shownProperties(item: Item, properties: Property[]): Property[] {
  return properties.filter((property) => property.visibility !== VISIBILITY.nobody && hasValue(item.values[property.key]));
}

function findYear(item: Item, shown: Property[]): ItemRoles['year'] {
  for (const property of shown) {
    const value = item.values[property.key];
    if (property.type === 'number' && property.key === YEAR_KEY && typeof value === 'number' && Number.isInteger(value)) {
      return { property, text: String(value) };
    }
  }
  for (const property of shown) {
    const value = item.values[property.key];
    if (property.type === 'date' && property.inSummary && typeof value === 'string' && /^\d{4}-/.test(value)) {
      return { property, text: value.slice(0, 4) };
    }
  }
  return null;
}

function findRating(item: Item, shown: Property[]): ItemRoles['rating'] {
  for (const property of shown) {
    const value = Number(item.values[property.key]);
    if (property.type === 'rating' && !property.multiple && Number.isFinite(value)) return { property, value };
  }
  return null;
}

export function itemRoles(item: Item, properties: Property[]): ItemRoles {
  const shown = shownProperties(item, properties);
  const creator =
    creatorProperty(
      item.values,
      shown.filter((property) => property.inSummary),
    ) ??
    creatorProperty(
      item.values,
      shown.filter((property) => CREATOR_KEYS.includes(property.key)),
    );
  return {
    creator,
    year: findYear(item, shown),
    rating: findRating(item, shown),
    summary: shown.find((property) => property.type === 'longtext' && !property.multiple) ?? null,
  };
}

/** The properties left for the details: not the title, subtitle or cover, nor one the header shows. */
export function detailProperties(item: Item, properties: Property[], roles: ItemRoles): Property[] {
  const taken = new Set([roles.creator?.id, roles.year?.property.id, roles.rating?.property.id, roles.summary?.id]);
  return shownProperties(item, properties).filter((property) => {
    if (property.isTitle || property.isSubtitle || taken.has(property.id)) return false;
    return !(property.isCover && property.type === 'image' && item.values[property.key] === item.cover);
  });
}
