// Apart from the upload control, so pages that only show files do not load it.

/** The last segment of a media key, shown as the file's name. */
export function mediaFileName(value: string): string {
  const segments = value.split('/');
  return segments[segments.length - 1] ?? value;
}
