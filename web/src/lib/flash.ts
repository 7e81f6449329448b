// Messages carried to the next screen after an action, in the router's location state: they show once,
// on the screen the action leads to, and vanish on reload or when navigating on.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

export type Flash = 'operationSucceeded';

export function readFlash(state: unknown): Flash | null {
  return (state as { flash?: unknown } | null)?.flash === 'operationSucceeded' ? 'operationSucceeded' : null;
}

export function flashState(flash: Flash = 'operationSucceeded'): { flash: Flash } {
  return { flash };
}

/** Goes to `to` saying the action succeeded there. */
export function useNavigateWithFlash(): (to: string) => void {
  const navigate = useNavigate();
  return useCallback((to: string) => void navigate(to, { state: flashState() }), [navigate]);
}
