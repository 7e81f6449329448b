// A page of items: the plan chosen for the request (one file each), and the page's answer.
import { PER_PAGE_ALL } from '@shared/catalogue';
import type { CallerLevel } from '@worker/lib/visibility';
import type { PropertyRow } from '@worker/lib/values';
import { encodeCursor } from './cursor';
import { fullTextPlan } from './full-text-plan';
import { availablePlan, lentPlan } from './lent-plan';
import type { ListedPage } from './page';
import type { ListTuning, PlanContext } from './plan-context';
import { planContext } from './plan-context';
import { rangesPlan } from './ranges-plan';
import type { CountedCollection, ListRequest } from './request';
import { summaries } from './summaries';
import { walkPlan } from './walk-plan';

/**
 * A page of items. Its cost follows the page, not the collection:
 * - value filters and ranges take their matches from the kept lists of their values (`keptCounts`,
 *   `rangeCount`, then `listedPlan`: listed-plan.ts): few are read whole and sorted here, more are walked along the order
 *   with the list tested on each entry; a condition whose lists are too long to read, and a search, are
 *   tested on each of the others' matches (a probe of the search index tells the search's share, or
 *   gives its few matches); "available" takes the items whose every copy is lent out of them;
 * - otherwise, with a search or value filters, the first matches are read from the full-text index (where
 *   search and filters intersect). When they are all there is (at most FEW_MATCHES), they are sorted here and the
 *   page's items read by id; when there are more, the first pages walk the sort order and test each item
 *   against the index (the total is estimated from the share of matches read), and deeper pages read
 *   every match;
 * - otherwise the page walks an index already in the wanted order (dates on items, or a property's
 *   sort keys) and stops once the page is full; the total comes from the collection's counters;
 * - a page number typed far into a large list starts from the kept sort ranks (sort-ranks.ts): exactly
 *   when nothing narrows the list, where the matches' share puts it otherwise (`pageEstimated`).
 */
export async function listItems(
  d1: D1Database,
  collection: CountedCollection,
  level: CallerLevel,
  props: PropertyRow[],
  request: ListRequest,
  options: Partial<ListTuning> & { defer?: (work: Promise<unknown>) => void } = {},
) {
  const ctx = planContext(d1, collection, level, props, request, options);
  const listed = await plannedPage(ctx);
  const { page, perPage } = ctx.shape;
  return {
    items: summaries(listed.rows, props),
    total: listed.total,
    totalEstimated: listed.estimated,
    ...(listed.pageEstimated ? { pageEstimated: true } : {}),
    page,
    perPage: request.perPage === PER_PAGE_ALL ? (PER_PAGE_ALL as typeof PER_PAGE_ALL) : perPage,
    ...(listed.next && { next: encodeCursor(listed.next) }),
    ...(listed.prev && page > 1 && { prev: encodeCursor(listed.prev) }),
  };
}

/** The plan a request takes, by what narrows it (docs/item-lists.md "The plans"). */
function plannedPage(ctx: PlanContext): Promise<ListedPage> {
  const { request, where } = ctx;
  if (request.loansEnabled && request.availability === 'lent') return lentPlan(ctx);
  if (where.match) return fullTextPlan(ctx);
  if (request.loansEnabled && request.availability === 'available' && where.sql.length === 1) return availablePlan(ctx);
  if (where.sql.length > 0) return rangesPlan(ctx);
  return walkPlan(ctx);
}
