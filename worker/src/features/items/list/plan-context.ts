// What every plan of a page is given, in one object: the database, the collection and the caller's
// level, the request with its conditions and the page's shape, and the tuning.
import { DEFAULT_PER_PAGE, PER_PAGE_ALL } from '@shared/catalogue';
import type { CallerLevel } from '@worker/lib/visibility';
import type { PropertyRow } from '@worker/lib/values';
import type { RankTuning } from '../sort-ranks';
import { DEFAULT_RANK_TUNING } from '../sort-ranks';
import { decodeCursor, END } from './cursor';
import type { PageShape } from './page';
import type { Conditions, CountedCollection, Filter, ListRequest } from './request';
import { badParam, conditions, itemFilter } from './request';
import { listColumns } from './summaries';
import { FEW_MATCHES, LENT_READ, LISTED_BITMAP_MAX, RANGE_COUNT_ROWS, SEARCH_PROBE, UNLIMITED_PAGE_SIZE } from './tuning';

/** The numbers a deployment (or a test) may set to choose plans on a small collection (tuning.ts). */
export interface ListTuning {
  fewMatches: number;
  ranks: RankTuning;
  rangeCountRows: number;
  searchProbe: number;
  lentRead: number;
  bitmapMax: number;
}

export interface PlanContext {
  d1: D1Database;
  collection: CountedCollection;
  level: CallerLevel;
  props: PropertyRow[];
  request: ListRequest;
  where: Conditions;
  /** The items the caller may see that pass the conditions on `i` (no search index): what a walk tests. */
  filter: Filter;
  shape: PageShape;
  /** The collection's items the caller may see, from its counters. */
  counter: number;
  /** A page number with no cursor to start from. */
  typed: boolean;
  /** Large enough to keep sort ranks (RANKS_FROM). */
  large: boolean;
  tuning: ListTuning;
  /** Work done after the answer (ranks and spans built for the next request). */
  defer?: (work: Promise<unknown>) => void;
}

/** A request's plan context; a filter, an order or a cursor the collection does not have is refused. */
export function planContext(
  d1: D1Database,
  collection: CountedCollection,
  level: CallerLevel,
  props: PropertyRow[],
  request: ListRequest,
  options: Partial<ListTuning> & { defer?: (work: Promise<unknown>) => void },
): PlanContext {
  const where = conditions(level, props, request);
  const filter = itemFilter(collection.id, level, { ...where, match: null });
  const unlimited = request.perPage === PER_PAGE_ALL;
  const perPage = unlimited ? UNLIMITED_PAGE_SIZE : Number(request.perPage ?? DEFAULT_PER_PAGE);
  const page = request.page ?? 1;
  const sortProp =
    request.sort && request.sort !== 'created' && request.sort !== 'updated'
      ? props.find((p) => p.key === request.sort && p.sortable)
      : null;
  if (request.sort && request.sort !== 'created' && request.sort !== 'updated' && !sortProp) throw badParam('sort', 'unknown_property');
  const shape: PageShape = {
    perPage,
    page,
    offset: (page - 1) * perPage,
    after: request.after ? decodeCursor(request.after, sortProp ?? null, 'after') : null,
    before:
      request.before && !request.after ? (request.before === END ? END : decodeCursor(request.before, sortProp ?? null, 'before')) : null,
    dir: request.dir === 'asc' ? 'ASC' : 'DESC',
    sortProp: sortProp ?? null,
    dateColumn: request.sort === 'updated' ? 'i.updated_at' : 'i.created_at',
    columns: listColumns(request.loansEnabled),
  };
  const tuning: ListTuning = {
    fewMatches: options.fewMatches ?? FEW_MATCHES,
    ranks: options.ranks ?? DEFAULT_RANK_TUNING,
    rangeCountRows: options.rangeCountRows ?? RANGE_COUNT_ROWS,
    searchProbe: options.searchProbe ?? SEARCH_PROBE,
    lentRead: options.lentRead ?? LENT_READ,
    bitmapMax: options.bitmapMax ?? LISTED_BITMAP_MAX,
  };
  return {
    d1,
    collection,
    level,
    props,
    request,
    where,
    filter,
    shape,
    counter: [collection.countEveryone, collection.countLoggedIn, collection.countShared, collection.countOwner][level]!,
    // A page number typed far into a large list (no cursor to start from): where the kept ranks say it is.
    typed: !shape.after && !shape.before,
    large: collection.countOwner >= tuning.ranks.from,
    tuning,
    defer: options.defer,
  };
}
