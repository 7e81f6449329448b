// The list a visitor opened an item from, carried in the link's router state: the collection page's
// query (search, sort, filters, page), the ids it showed in order, and where its page starts and ends
// (the API's cursors). The item page walks that list with Previous and Next; an item opened by its
// address alone has no list, hence no Previous or Next.
import { PER_PAGE_ALL } from '@shared/catalogue';
import { readPerPage } from './components/use-item-query';

export interface ListContext {
  /** The collection page's query string, "?sort=title&page=2" or "". */
  search: string;
  ids: number[];
  /** The API's cursors of this page: where the next page starts and the previous one ends. */
  next?: string;
  prev?: string;
}

export function listState(list: ListContext): { list: ListContext } {
  return { list };
}

function isIdList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((id) => Number.isInteger(id));
}

/** The list in a location's state, when it holds a well-formed one (history entries outlive versions). */
export function readListContext(state: unknown): ListContext | null {
  const list = (state as { list?: Partial<ListContext> } | null)?.list;
  if (!list || typeof list.search !== 'string' || !isIdList(list.ids)) return null;
  const cursor = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { search: list.search, ids: list.ids, next: cursor(list.next), prev: cursor(list.prev) };
}

/**
 * The collection page's query for the page before or after this one, from this page's cursor when the
 * API gave one (as its pagination links do); null where the list surely ends (page 1, a page not full)
 * and in an unlimited list, which shows every item on one page.
 */
export function adjacentPageSearch(list: ListContext, step: 1 | -1): string | null {
  const params = new URLSearchParams(list.search);
  const perPage = readPerPage(params);
  if (perPage === PER_PAGE_ALL) return null;
  if (step === 1 && list.ids.length < perPage) return null;
  const cursor = step === 1 ? list.next : list.prev;
  const page = Number(params.get('page')) || 1;
  const target = page + step;
  if (target < 1) return null;
  params.delete('after');
  params.delete('before');
  if (target === 1) {
    // Page 1 is cheap from the start, and read from there it is always exactly the first page.
    params.delete('page');
  } else {
    params.set('page', String(target));
    if (cursor) params.set(step === 1 ? 'after' : 'before', cursor);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
