// The time zone a time of day is shown in. A page the Worker rendered cannot know the visitor's zone, so it
// shows times in UTC; the browser hydrates it in UTC too (no mismatch, which would make React throw the
// rendered page away) and shows the visitor's own zone right after.
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** `undefined` is the browser's own zone (Intl's default); 'UTC' while a rendered page is being taken over. */
export function useTimeZone(): string | undefined {
  return useSyncExternalStore(
    never,
    () => undefined,
    () => 'UTC',
  );
}
