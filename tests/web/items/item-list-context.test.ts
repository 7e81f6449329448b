// The list an item page was opened from: read back safely from history, and stepped past its page's
// ends the way the collection page's pagination links do.
import { describe, expect, it } from 'vitest';
import { adjacentPageSearch, readListContext } from '@web/features/items/list-context';

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('item list context', () => {
  it('reads only a well-formed list from a history entry', () => {
    expect(readListContext(null)).toBeNull();
    expect(readListContext({ list: { search: '?q=a', ids: ['1'] } })).toBeNull();
    expect(readListContext({ list: { search: 3, ids: [1] } })).toBeNull();
    expect(readListContext({ list: { search: '?q=a', ids: [1, 2], next: 'c2', prev: '' } })).toEqual({
      search: '?q=a',
      ids: [1, 2],
      next: 'c2',
      prev: undefined,
    });
  });

  it('asks for the next page from the cursor, and not past a page that is not full', () => {
    const full = { search: '?sort=year&perPage=20&display=list', ids: ids(20), next: 'c20' };
    expect(adjacentPageSearch(full, 1)).toBe('?sort=year&perPage=20&display=list&page=2&after=c20');
    expect(adjacentPageSearch({ ...full, ids: ids(7) }, 1)).toBeNull();
    expect(adjacentPageSearch({ ...full, next: undefined }, 1)).toBe('?sort=year&perPage=20&display=list&page=2');
  });

  it('goes back to page 1 from the start, and never before it', () => {
    const second = { search: '?perPage=20&page=2&after=c20', ids: ids(20), prev: 'c21' };
    expect(adjacentPageSearch(second, -1)).toBe('?perPage=20');
    expect(adjacentPageSearch({ search: '?perPage=20&page=3&after=x', ids: ids(20), prev: 'c41' }, -1)).toBe(
      '?perPage=20&page=2&before=c41',
    );
    expect(adjacentPageSearch({ search: '?perPage=20', ids: ids(20) }, -1)).toBeNull();
  });

  it('has no other page in an unlimited list', () => {
    expect(adjacentPageSearch({ search: '?perPage=all', ids: ids(200), next: 'c' }, 1)).toBeNull();
  });
});
