// The collection view keeps its whole state in the URL (search, sort, direction, page, items per page,
// filters, display mode), so a link shows the same list and Back undoes the last change. The API query
// is taken from the URL as it stands, in the same order.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PER_PAGE, DISPLAY_MODES, FILTER_PREFIX, MAX_PREFIX, MIN_PREFIX, PER_PAGE_ALL, PER_PAGE_OPTIONS } from '@shared/catalogue';
import type { DisplayMode } from '@shared/catalogue';
import { STORAGE_KEYS } from '@shared/constants';
import { writeStorage } from '@web/lib/storage';
import { useStored } from '@web/lib/use-stored';

const FILTER_PREFIXES = [FILTER_PREFIX, MIN_PREFIX, MAX_PREFIX];
const LIST_KEYS = ['q', 'sort', 'dir', 'page', 'perPage', 'after', 'before'];
/** Where the page starts: its number, and the cursor of the page link that led there (see Pagination). */
const PAGE_KEYS = ['page', 'after', 'before'];

/** "available" or "lent": a filter on copies out, which the API honours while lending is on. */
export const AVAILABILITY_KEY = 'availability';

export function isFilterKey(key: string): boolean {
  return key === AVAILABILITY_KEY || FILTER_PREFIXES.some((prefix) => key.startsWith(prefix) && key.length > prefix.length);
}

function isDisplayMode(value: string | null): value is DisplayMode {
  return value !== null && (DISPLAY_MODES as readonly string[]).includes(value);
}

/** The query string of the API call for the list: what the URL holds, minus the display mode. */
export function itemsQuery(params: URLSearchParams, { withPage = true } = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of params) {
    if (value.trim() === '') continue;
    if ((LIST_KEYS.includes(key) && (withPage || !PAGE_KEYS.includes(key))) || isFilterKey(key)) query.append(key, value);
  }
  return query.toString();
}

/** The query string of the filters call: the search and the filters only. */
export function filtersQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of params) {
    if (value.trim() === '') continue;
    if (key === 'q' || isFilterKey(key)) query.append(key, value);
  }
  return query.toString();
}

export type PerPage = number | typeof PER_PAGE_ALL;

export function readPerPage(params: URLSearchParams): PerPage {
  const value = params.get('perPage');
  if (value === PER_PAGE_ALL) return PER_PAGE_ALL;
  const number = Number(value);
  return (PER_PAGE_OPTIONS as readonly number[]).includes(number) ? number : DEFAULT_PER_PAGE;
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** `?page=` as written is usable: absent, or a whole number from 1 (0, negatives and junk are not). */
export function isValidPageParam(params: URLSearchParams): boolean {
  const value = params.get('page');
  return value === null || (/^[0-9]+$/.test(value) && Number(value) >= 1);
}

/** The display mode is remembered per collection: a shelf of comics in mosaic, a list of records in rows. */
export function displayStorageKey(collectionId: number): string {
  return `${STORAGE_KEYS.display}:${collectionId}`;
}

export function useItemQuery(collectionId: number) {
  const [params, setParams] = useSearchParams();

  const stored = useStored(displayStorageKey(collectionId));
  const display: DisplayMode = useMemo(() => {
    const fromUrl = params.get('display');
    return isDisplayMode(fromUrl) ? fromUrl : isDisplayMode(stored) ? stored : 'list';
  }, [params, stored]);

  /**
   * Applies a change to the URL; any change but paging itself goes back to the first page. A page link's
   * cursor (after / before) only holds for the page it led to, so every change drops it.
   */
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, { keepPage = false, replace = false } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          edit(next);
          next.delete('after');
          next.delete('before');
          if (!keepPage) next.delete('page');
          return next;
        },
        // flushSync: the URL, hence the controls, update in the same frame as the click (no flicker).
        // A replacement comes from an effect correcting the address, where a synchronous render would
        // run inside the current one.
        { preventScrollReset: true, flushSync: !replace, replace },
      );
    },
    [setParams],
  );

  const setDisplay = useCallback(
    (mode: DisplayMode) => {
      writeStorage(displayStorageKey(collectionId), mode);
      change((next) => next.set('display', mode), { keepPage: true });
    },
    [change, collectionId],
  );

  const activeFilters = [...params.keys()].some(isFilterKey);

  return {
    params,
    change,
    display,
    setDisplay,
    q: params.get('q') ?? '',
    perPage: readPerPage(params),
    page: readPage(params),
    activeFilters,
    itemsQuery: itemsQuery(params),
    filtersQuery: filtersQuery(params),
  };
}

/** How many properties the URL filters on (the Filters button's count). */
export function activeFilterCount(params: URLSearchParams): number {
  return new Set([...params.keys()].filter(isFilterKey)).size;
}
