// The full-text plan: a search or value filters read from the search index, where they intersect. Few
// matches are sorted in the Worker; more are walked along the order, or read whole for a deep page.
import { allMatchesPage } from './all-matches';
import { roughly } from './estimate';
import { fewMatchesPage, wantedPerMatch } from './full-text';
import { keptCounts } from './kept-counts';
import { listedPlan } from './listed-plan';
import type { ListedPage } from './page';
import type { PlanContext } from './plan-context';
import { placed, walkTooFar } from './ranked';
import { itemFilter } from './request';
import { READ_ALL_SHARE } from './tuning';
import { walkedPage } from './walk';

/** A page of a request with a search index match (`where.match`): the search, or value filters. */
export async function fullTextPlan(ctx: PlanContext): Promise<ListedPage> {
  const { collection, level, where, filter, shape, typed } = ctx;
  const match = where.match!;
  const { fewMatches } = ctx.tuning;
  const allMatches = () => allMatchesPage(ctx, itemFilter(collection.id, level, where));
  // Past the first half of FEW_MATCHES a typed page is deep: assumed many (the probe reads them all
  // anyway when they are few), which saves asking the kept counts, unless they give the total.
  const deep = shape.offset >= fewMatches || (typed && shape.offset >= fewMatches / 2);
  const kept = deep && !where.alone && !where.listable ? null : await keptCounts(ctx);
  // The kept lists of the filters' values give the matches, when they keep them (a search tested on them).
  if (kept?.listed) return listedPlan(ctx, kept.listed, match);
  const atMost = kept?.atMost ?? null;
  const likelyMany = deep || (atMost !== null && atMost > fewMatches);
  // Many matches of one filter alone are counted by the kept counts, with no probe: exactly on a
  // single-valued property, and about on a multi-valued one (over the wanted values an item holds, in
  // a sample, when several are wanted). Otherwise the probe's estimate is held to what the counts
  // allow at most.
  const alone = where.alone && atMost !== null && atMost > fewMatches ? where.alone : null;
  const counted = !!alone && !alone.prop.multiple;
  const few = !alone
    ? await fewMatchesPage(ctx, match, likelyMany)
    : { estimate: counted ? atMost! : roughly(atMost! / (alone.keys.length > 1 ? await wantedPerMatch(ctx, match, alone) : 1)) };
  if ('rows' in few) return few;
  const estimate = Math.min(few.estimate, atMost ?? Infinity);
  const known = { total: estimate, estimated: !counted };
  // The walk tests each item it passes against the index: fine for the first pages, or from where the
  // previous page ended. A page too far from the start reads every match while they are about
  // FEW_MATCHES (two rows each, exact), and is placed by the kept ranks when they are more.
  if (!typed || (shape.offset < fewMatches / 2 && !walkTooFar(ctx, estimate))) return walkedPage(ctx, filter, match, known);
  // Counted exactly: a page nearer the end is walked from there (walkedPage).
  if (counted && shape.offset > estimate / 2 && !walkTooFar(ctx, estimate, Math.max(0, estimate - shape.offset - shape.perPage))) {
    return walkedPage(ctx, filter, match, known);
  }
  if (estimate <= fewMatches * READ_ALL_SHARE) return allMatches();
  return (
    (await placed(ctx, estimate, match, known)) ??
    (shape.offset < fewMatches / 2 ? await walkedPage(ctx, filter, match, known) : await allMatches())
  );
}
