import { useCallback, useState } from 'react';

/**
 * Runs an async action from a click, keeping its failure for the screen to show (cleared when it
 * runs again). `onDone` follows a success.
 */
export function useAction(action: () => Promise<unknown>, onDone: () => void) {
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async () => {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught);
      return;
    }
    onDone();
  }, [action, onDone]);
  return { run, error };
}
