// Files a computer adds to folders and archives on its own: macOS's __MACOSX/ folder, .DS_Store and
// "._" resource forks, Windows's Thumbs.db and desktop.ini. A zip that went through such a computer
// (unzipped, looked at, zipped again) is still the same export or backup: these are passed over.

const JUNK_FILES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini', 'ehthumbs.db']);

/** Whether an archive's entry is one of those files, wherever it sits in the archive. */
export function isSystemJunk(name: string): boolean {
  const parts = name.split('/');
  const file = parts[parts.length - 1]!;
  return parts.includes('__MACOSX') || JUNK_FILES.has(file.toLowerCase()) || file.startsWith('._');
}
