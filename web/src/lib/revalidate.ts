// Mutations revalidate what they touch. SWR keys are API paths, so "what they touch" is a set of paths.
// Paged lists loaded with useSWRInfinite live under "$inf$<path>" and are skipped by SWR's filtered
// mutate, so they are dropped from the cache instead: the next screen that shows them refetches.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

const INFINITE_PREFIX = '$inf$';

export type KeyMatch = (key: string) => boolean;

/** The paths themselves, with a query string, or anything under them. */
export function under(...paths: string[]): KeyMatch {
  return (key) => paths.some((path) => key === path || key.startsWith(`${path}/`) || key.startsWith(`${path}?`));
}

/** The paths themselves, with or without a query string (lists), but nothing under them. */
export function exactly(...paths: string[]): KeyMatch {
  return (key) => paths.some((path) => key === path || key.startsWith(`${path}?`));
}

export function anyOf(...matches: KeyMatch[]): KeyMatch {
  return (key) => matches.some((match) => match(key));
}

export function useRevalidate() {
  const { mutate, cache } = useSWRConfig();
  return useCallback(
    async (match: KeyMatch) => {
      for (const key of [...cache.keys()]) {
        if (key.startsWith(INFINITE_PREFIX) && match(key.slice(INFINITE_PREFIX.length))) cache.delete(key);
      }
      await mutate((key) => typeof key === 'string' && match(key));
    },
    [mutate, cache],
  );
}

/** Forgets cached answers without refetching (what was deleted). */
export function useForget() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (match: KeyMatch) => {
      await mutate((key) => typeof key === 'string' && match(key), undefined, { revalidate: false });
    },
    [mutate],
  );
}
