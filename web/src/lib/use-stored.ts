// A value kept in this browser's storage, read during render. A page the Worker rendered knows nothing
// of it, so hydration first renders as the Worker did (no value), then again with the stored one: the
// markup always matches, and the person's choice shows a moment later.
import { useSyncExternalStore } from 'react';
import { readStorage } from './storage';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

export function useStored(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStorage(key),
    () => null,
  );
}
