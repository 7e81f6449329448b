// Starts make-thumbnails.ts for the owner. The maker is loaded only then: a visitor's collection page
// never downloads it.
import { useEffect } from 'react';

/** While `enabled` (the owner, outside demo mode), makes the collection's wanted thumbnails. */
export function useThumbnailMaker(collectionId: number, enabled: boolean, again: unknown = null): void {
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    // Quietly: a picture that cannot be made now is made on a later visit.
    import('./make-thumbnails')
      .then(({ makeWantedThumbnails }) => makeWantedThumbnails(collectionId, controller.signal))
      .catch(() => undefined);
    return () => controller.abort();
  }, [collectionId, enabled, again]);
}
