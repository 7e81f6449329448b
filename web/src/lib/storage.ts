// Browser storage that never throws: private modes and blocked storage behave like an empty store.

/**
 * The first read of a page's storage waits for the browser to load it (a synchronous round trip to the
 * browser's process: 1 to 12 ms here, more while the page's pictures load). Called in a task of its own,
 * that wait does not lengthen the task where the app starts.
 */
export function openStorage(): void {
  readStorage('');
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
