import { useCallback, useState } from 'react';

export interface Action<Args extends unknown[]> {
  /** Runs the action; never rejects (a failure is kept in `error`). */
  run: (...args: Args) => Promise<void>;
  /** True while it runs: controls disable themselves so a double click sends one request. */
  busy: boolean;
  /** The last failure, cleared when the action runs again. */
  error: unknown;
  /** Forgets the last failure: what it spoke of has changed. */
  clear: () => void;
}

/**
 * Runs an async action from a click or a submit, keeping whether it runs and how it failed for the
 * screen to show. `onDone` follows a success. A check made before any request refuses by throwing,
 * like the server would (for example an ApiError with PASSWORDS_NOT_EQUAL), and shows the same way.
 */
export function useAction<Args extends unknown[]>(action: (...args: Args) => Promise<unknown>, onDone?: () => void): Action<Args> {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (...args: Args) => {
      setError(null);
      setBusy(true);
      try {
        await action(...args);
      } catch (caught) {
        setError(caught);
        return;
      } finally {
        setBusy(false);
      }
      onDone?.();
    },
    [action, onDone],
  );
  const clear = useCallback(() => setError(null), []);
  return { run, busy, error, clear };
}
