// Messages carried to the next screen after an action, in the router's location state: they show once,
// on the screen the action leads to, and vanish on reload or when navigating on.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * `savedAsNobody`: an item was saved as "Nobody", so it is shown where its owner finds it (manage).
 * `savedWithoutCover`: an item made from a source's hit, whose cover could not be fetched.
 */
export type Flash = 'operationSucceeded' | 'savedAsNobody' | 'savedWithoutCover';
const FLASHES: readonly Flash[] = ['operationSucceeded', 'savedAsNobody', 'savedWithoutCover'];

export function readFlash(state: unknown): Flash | null {
  const flash = (state as { flash?: unknown } | null)?.flash;
  return FLASHES.find((known) => known === flash) ?? null;
}

export function flashState(flash: Flash = 'operationSucceeded'): { flash: Flash } {
  return { flash };
}

/** Goes to `to` saying the action succeeded there (or what `flash` says). */
export function useNavigateWithFlash(): (to: string, flash?: Flash) => void {
  const navigate = useNavigate();
  return useCallback((to: string, flash?: Flash) => void navigate(to, { state: flashState(flash) }), [navigate]);
}
