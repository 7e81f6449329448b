// The pictures of an item's gallery: its cover first (the only way to see it whole on a phone), then
// each picture value in the order of the properties.
import type { Item } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import type { MediaSrc } from '@web/lib/media-url';
import type { Picture } from './picture-viewer';

export function itemPictures(item: Item, shown: Property[], mediaSrc: MediaSrc, coverLabel: string): Picture[] {
  const values: { value: unknown; label: string }[] = [];
  if (item.cover)
    values.push({ value: item.cover, label: shown.find((p) => p.isCover && item.values[p.key] === item.cover)?.label ?? coverLabel });
  for (const property of shown) {
    if (property.type !== 'image') continue;
    const value = item.values[property.key];
    for (const entry of Array.isArray(value) ? value : [value]) {
      if (entry !== item.cover) values.push({ value: entry, label: property.label });
    }
  }
  return values.flatMap(({ value, label }) => {
    const text = typeof value === 'string' ? value : null;
    const thumb = mediaSrc(text, { size: 'thumb' });
    const full = mediaSrc(text);
    return thumb && full ? [{ thumb, full, label }] : [];
  });
}
