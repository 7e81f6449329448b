// A picture's sizes as a srcset, so the browser loads the smallest image made at upload (thumbnail.ts:
// 192 and 480 px on the longest side) that is sharp enough where it is shown, and the original only on
// larger slots.
import type { MediaSrc } from './media-url';

/**
 * The widths the thumbnails are announced with: a portrait cover (2:3) 192 or 480 px high is 128 or
 * 320 px wide. Wider pictures have wider thumbnails, so for them the browser errs toward the sharper one.
 */
const SMALL_THUMBNAIL_WIDTH = 128;
const THUMBNAIL_WIDTH = 320;
/** The original's width is not stored; any width above the thumbnail's makes it the larger choice. */
const ORIGINAL_WIDTH = 1200;

export function pictureSrcSet(thumb: string, full: string): string {
  return `${thumb} ${THUMBNAIL_WIDTH}w, ${full} ${ORIGINAL_WIDTH}w`;
}

export interface CoverSources {
  src: string;
  srcSet: string;
}

/** A cover in a list or on a card: the small thumbnail and the thumbnail (`src` for any browser). */
export function coverSources(mediaSrc: MediaSrc, value: string | null | undefined): CoverSources | null {
  const thumb = mediaSrc(value, { size: 'thumb' });
  const small = mediaSrc(value, { size: 'small' });
  if (!thumb || !small) return null;
  return { src: thumb, srcSet: `${small} ${SMALL_THUMBNAIL_WIDTH}w, ${thumb} ${THUMBNAIL_WIDTH}w` };
}
