// The list planner's tuning: every number that chooses or bounds a plan, with why it is what it is
// (docs/item-lists.md "The cost model").

/** "Unlimited" is served in pages of this size; the client asks for the next ones as it scrolls. */
export const UNLIMITED_PAGE_SIZE = 200;

/** The most bytes a list's bitmap takes (listedFilter): D1's largest string or BLOB is 1,000,000. */
export const LISTED_BITMAP_MAX = 1_000_000;

/**
 * How many search or filter matches a page reads in full before it walks the sort order instead. Reading
 * the matches costs about two rows each (the index entry and the item); walking costs about two rows per
 * item passed over, so the walk pays when matches are dense. Between the two (matches around 1 to 5% of
 * a large collection) is the worst page; `npm run bench` measures it (docs/benchmarks.md).
 */
export const FEW_MATCHES = 1_000;

/**
 * A deep page of matches whose estimate is at most this share of FEW_MATCHES reads them all (about two
 * rows each, within the page budget) rather than starting where the estimate puts it.
 */
export const READ_ALL_SHARE = 1.2;

/**
 * Rows a walk reads per item it passes (the sort index's entry, and the test of the search index or of a
 * range's value on that entry; an item is read only when it matches): a typed page whose walk from the
 * start would read over twice FEW_MATCHES rows (as much as reading every match) is placed by the kept
 * ranks instead.
 */
export const WALK_ROWS_PER_ITEM = 2;

/**
 * How much more than a walk's estimate a listed page read whole may cost and still be taken: the
 * matches are not spread evenly along the order, so a walk reads past its estimate, by 9% for twelve
 * authors and acquisitions since 2006 (2,395 rows where 2,193 were expected; read whole: 2,288) and by
 * 1% for one genre and years from 1990, page 40 (2,172 for 2,142; read whole: 2,334).
 */
export const WALK_ESTIMATE_MARGIN = 1.05;

/** Rows a test of the search index on one item costs (its entry's look-up by rowid). */
export const MATCH_TEST_ROWS = 2;

/**
 * How many items a listed plan may name inline: a walk tests its matches against them on each entry,
 * within D1's 100,000 characters a statement (about 8 per id). More matches are dense enough for a walk
 * that tests the conditions themselves.
 */
export const LISTED_MAX = 6_000;

/**
 * How many items the kept lists of a request may hold to be read (their values' owner counts, summed):
 * a range over most of a collection of 100,000 read beside a value filter at the crossover of reading
 * and walking (about 2% of the items), whose walk would pass too many items otherwise. Scanning them
 * (intersected) costs about 2 ms of the Worker's CPU (V8, warm; 6 ms on a first call). One condition's
 * lists concatenated are one string, about 8 characters an id, within D1's 1,000,000 bytes a value.
 */
export const LISTED_READ = 100_000;

/**
 * The share of a collection's items beyond which one of several conditions' lists is not read: such a
 * list takes few matches out, and carrying it from D1 (about 8 bytes an id, parsed here) costs more time
 * than testing the condition on the others' matches or on a walk's entries (twelve authors and prices
 * from 100: 80% of 100,000 ids, about half of the page's time). Never under LISTED_MAX, so a small
 * collection's lists (a few KB) are read as before.
 */
export const LISTED_SHARE_MAX = 0.5;

/**
 * How many values in range a range of a listed request reads (and their lists) at most: a row each, so a
 * date range of many days is counted from its first ones (stretched over its span) rather than read.
 */
export const LISTED_RANGE_VALUES = 200;

/**
 * The widest spread of ids (first to last) the shortest list of an intersection may have: a byte each is
 * marked. Wider (an instance of more items than D1 holds), the lists are not used.
 */
export const INTERSECTED_SPAN_MAX = 1 << 24;

/** How many facet_counts rows the ranges' counts may read together (each range its share). */
export const RANGE_COUNT_ROWS = 2_000;

/**
 * Which share of the entries a probe of many matches reads whole (the item, to test the caller's level
 * and the other conditions): a tenth, the first 100 of FEW_MATCHES + 1. The others are only counted, at
 * one row each.
 */
export const ESTIMATE_HEAD_SHARE = 0.1;

/** How many times more candidates than a page needs testedPage tests: the share they keep is an estimate. */
export const TESTED_MARGIN = 1.5;

/** How many candidates more, at least, testedPage tests: the share is an estimate. */
export const TESTED_MORE = 20;

/**
 * How many items whose every copy is lent a list reads for "available" (a row each, in keptCounts and
 * rangeCount): with more, "available" is tested on the matches instead, and their total is an estimate.
 */
export const LENT_READ = 20;

/**
 * How many of the search index's first matches keptCounts' probe reads (a row each): all of them when
 * they are fewer, the share of the lists' matches they keep otherwise (a sample of 30: about ±10 to 20%).
 */
export const SEARCH_PROBE = 30;

/**
 * The probe's size when every value filter holds more items than a listed plan names (LISTED_MAX): the
 * matches of a rare word among them are then read whole when the probe has them all.
 */
export const SEARCH_PROBE_DENSE = 100;

/** How many matches a sample reads to learn how many of the wanted values a match holds. */
export const WANTED_SAMPLE = 100;

/**
 * How many of a search's matches the filter panel reads for one property's counts. When there are more,
 * the counts are those of these first matches, scaled to the share of the collection they cover, and
 * said to be estimates; a range then shows the collection's bounds.
 */
export const FACET_SAMPLE = 150;
