// Whether a CSS media query matches, following changes (a phone turned sideways, a resized window).
import { useSyncExternalStore } from 'react';

/** Below this width the collection page trades its side panel and toolbar for sheets (matches styles). */
export const NARROW_SCREEN = '(max-width: 55.99rem)';
/** A finger rather than a mouse: a phone or a tablet. */
export const COARSE_POINTER = '(pointer: coarse)';

// A page the Worker renders cannot measure the screen: it guesses from the browser's own word (a phone
// or not) and lays the page out for it; hydration then starts from the same guess (rendered-page.ts).
const PHONE_QUERIES = new Set([NARROW_SCREEN, COARSE_POINTER]);
let renderedForPhone = false;

export function setRenderedForPhone(phone: boolean): void {
  renderedForPhone = phone;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => renderedForPhone && PHONE_QUERIES.has(query),
  );
}
