// A picture's two sizes as a srcset, so the browser loads the thumbnail made at upload (thumbnail.ts,
// 480 px on its longest side) wherever it is sharp enough, and the original only on larger slots.

/**
 * The width the thumbnail is announced with: a portrait cover (2:3) 480 px high is 320 px wide. Wider
 * pictures have wider thumbnails, so for them the browser errs toward the sharper original.
 */
const THUMBNAIL_WIDTH = 320;
/** The original's width is not stored; any width above the thumbnail's makes it the larger choice. */
const ORIGINAL_WIDTH = 1200;

export function pictureSrcSet(thumb: string, full: string): string {
  return `${thumb} ${THUMBNAIL_WIDTH}w, ${full} ${ORIGINAL_WIDTH}w`;
}
