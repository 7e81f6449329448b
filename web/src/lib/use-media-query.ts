// Whether a CSS media query matches, following changes (a phone turned sideways, a resized window).
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    // Pages rendered by the Worker are laid out for a wide screen; a phone's hydration then switches.
    () => false,
  );
}

/** Below this width the collection page trades its side panel and toolbar for sheets (matches styles). */
export const NARROW_SCREEN = '(max-width: 55.99rem)';
