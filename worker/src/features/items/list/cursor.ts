// Where a walked page ended or starts, as an opaque cursor sent back by the client.
import type { PropertyType } from '@shared/catalogue';
import { RANGE_PROPERTY_TYPES } from '@shared/catalogue';
import type { PropertyRow } from '@worker/lib/values';
import { badParam } from './request';

/**
 * Where a walked page ended, so the next one starts there: the date and id of its last item ("d"), or
 * its sort key and id while the walk is among items with a value ("v"), then the creation date and id
 * among those without ("m"). Opaque to clients (base64url of JSON).
 */
export type PageCursor = (['d', string, number] | ['v', string | number, number] | ['m', string, number]) & { 3?: number };

/**
 * A cursor as answered: where in the order its item is (0-based, counted as the page numbers count),
 * so a link to a page a little further on or back starts from it and passes over the pages between
 * instead of counting from the start. Cursors without it (older links) start the page right there.
 */
export type PlacedCursor = [PageCursor[0], PageCursor[1], number, number];

export function encodeCursor(cursor: PlacedCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The cursor of `after`, checked against the page's sort (a cursor of another sort is refused). */
export function decodeCursor(after: string, sortProp: PropertyRow | null, param: 'after' | 'before'): PageCursor {
  let cursor: unknown;
  try {
    const binary = atob(after.replaceAll('-', '+').replaceAll('_', '/'));
    cursor = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))));
  } catch {
    throw badParam(param, 'invalid');
  }
  const ok =
    Array.isArray(cursor) &&
    (cursor.length === 3 || (cursor.length === 4 && Number.isSafeInteger(cursor[3]) && (cursor[3] as number) >= 0)) &&
    Number.isSafeInteger(cursor[2]) &&
    (sortProp
      ? (cursor[0] === 'm' && typeof cursor[1] === 'string') ||
        (cursor[0] === 'v' &&
          (RANGE_PROPERTY_TYPES.includes(sortProp.type as PropertyType) ? typeof cursor[1] === 'number' : typeof cursor[1] === 'string'))
      : cursor[0] === 'd' && typeof cursor[1] === 'string');
  if (!ok) throw badParam(param, 'invalid');
  return cursor as PageCursor;
}

/** `before=end`: the last page, whatever its number. */
export const END = 'end';
