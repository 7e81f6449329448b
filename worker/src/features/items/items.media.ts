// The media:// values an item holds, so that an edit or a delete can release those it no longer uses
// (lib/media.ts releaseMedia).
import { MEDIA_SCHEME } from '@shared/constants';

/** Every media:// value in an item's cached data. */
export function mediaValuesOf(data: string): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith(MEDIA_SCHEME)) found.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
  };
  Object.values(JSON.parse(data) as Record<string, unknown>).forEach(visit);
  return found;
}
