// A cell of a media property (a picture, a file, or a video stored with its item) as a value: only a file
// the import itself brought can be one — a picture of its zip or fetched from an address, a file of the
// backup being restored — found by the name the cell gives (`storedFile`). A text never becomes a stored file, and what
// is found is checked as the property's type checks it (an image property takes pictures only).
import type { PropertyType } from '../catalogue';
import { isMediaValue, normalizeValue, type ValueResult } from '../values';

/** The reason a cell gives when it names a stored file (a Vitrine export's value) that the import did not bring. */
export const FILE_MISSING = 'file_missing';

/**
 * The value of a media cell, why it has none, or null when the cell is left to the type's own reading
 * (a video's web address) or, for a picture named by a file or an address that gave none, silently out.
 */
export function mediaCell(type: PropertyType, text: string, storedFile: (text: string) => string | undefined): ValueResult | null {
  const stored = type === 'image' || type === 'file' || (type === 'video' && isMediaValue(text));
  if (!stored) return null;
  const found = storedFile(text);
  // A stored file is checked as its property's type checks it; an address a preview shows stands as it is.
  if (found) return isMediaValue(found) ? normalizeValue(type, found) : { ok: true, value: found };
  // A Vitrine value naming its own stored file: the backup lacked it, or it was too large to take.
  if (isMediaValue(text)) return { ok: false, reason: FILE_MISSING };
  if (type === 'file') return { ok: false, reason: 'not_importable' };
  return type === 'image' ? { ok: true, value: null } : null;
}
