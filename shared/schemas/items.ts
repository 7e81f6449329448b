import { z } from 'zod';
import { DISPLAY_MODES, ITEM_QUANTITY_MAX, PER_PAGE_ALL, PER_PAGE_OPTIONS, SEARCH_MAX_LENGTH } from '../catalogue';
import { borrowLevel, visibilityLevel } from './collections';
import { editedVersion, version } from './common';
import { availability } from './lending';

/** Values keyed by property key: a value of the property's type, or an array for multiple properties. */
export const itemValues = z.record(z.string(), z.unknown());

export const item = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  quantity: z.number().int(),
  /** null: the collection's default applies. */
  visibility: visibilityLevel.nullable(),
  borrowable: borrowLevel.nullable(),
  /** Only the properties the caller may see. */
  values: itemValues,
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  cover: z.string().nullable(),
  reference: z.string().nullable(),
  isOwner: z.boolean(),
  /** Copies out and available; null while "Enable loans" is off or the item is not lent (who can borrow: Nobody). */
  availability: availability.nullable(),
  /** The caller may ask to borrow it (its "who can borrow" allows them; never the owner). */
  canBorrow: z.boolean(),
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof item>;

export const itemSummary = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  cover: z.string().nullable(),
  /** The reference property's value (an ISBN, a catalogue number), for labels. */
  reference: z.string().nullable(),
  /** Values of the "show in item summary" properties the caller may see, by key. */
  summary: itemValues,
  quantity: z.number().int(),
  /** Copies in loans in state lent (0 while "Enable loans" is off): cards show a lent badge. */
  lent: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ItemSummary = z.infer<typeof itemSummary>;

export const itemPage = z.object({
  items: z.array(itemSummary),
  total: z.number().int(),
  /** The total is an estimate (two significant digits): counting every match would read them all. */
  totalEstimated: z.boolean(),
  /**
   * The page's place is an estimate too: a page number far into a list whose total is estimated starts
   * where the matches should be, as the share of the matches says; the pages on from it follow exactly.
   */
  pageEstimated: z.boolean().optional(),
  page: z.number().int(),
  perPage: z.union([z.number().int(), z.literal(PER_PAGE_ALL)]),
  /** Pass as `after` to read the next page (absent: this page ends the list, or has no cheaper way on). */
  next: z.string().optional(),
  /** Pass as `before` to read the page before this one. */
  prev: z.string().optional(),
});
export type ItemPage = z.infer<typeof itemPage>;

export const createItemInput = z.object({
  values: itemValues.default({}),
  quantity: z.number().int().min(1).max(ITEM_QUANTITY_MAX).default(1),
  visibility: visibilityLevel.nullable().default(null),
  borrowable: borrowLevel.nullable().default(null),
});
export type CreateItemInput = z.input<typeof createItemInput>;

/** `values`, when given, replaces every value of the item (the edit form sends them all). */
export const updateItemInput = z
  .object({
    values: itemValues,
    quantity: z.number().int().min(1).max(ITEM_QUANTITY_MAX),
    visibility: visibilityLevel.nullable(),
    borrowable: borrowLevel.nullable(),
    version: editedVersion,
  })
  .partial()
  .strict();
export type UpdateItemInput = z.input<typeof updateItemInput>;

export const itemListQuery = z.object({
  q: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  /** A sortable property key, or "created" / "updated". */
  sort: z.string().max(60).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  /**
   * Where the previous page ended (its `next`): the page then starts right after it instead of counting
   * its way there, so paging on costs about a page however deep. `page` still names the page.
   */
  after: z.string().max(1_000).optional(),
  /**
   * The next page's `prev`: the page is then the one that ends right before it (going back). `end`: the
   * page is the last `perPage` items, read from the end (the last page when the total is an estimate).
   */
  before: z.string().max(1_000).optional(),
  perPage: z.union([z.enum(PER_PAGE_OPTIONS.map(String) as [string, ...string[]]), z.literal(PER_PAGE_ALL)]).optional(),
  display: z.enum(DISPLAY_MODES).optional(),
  /** available: at least one copy not lent; lent: at least one copy lent. Ignored while loans are off. */
  availability: z.enum(['available', 'lent']).optional(),
});

/** The items their owner set to "Nobody" (level 4): listed for the owner on the manage screen only. */
export const hiddenItems = z.object({ items: z.array(itemSummary) });
export type HiddenItems = z.infer<typeof hiddenItems>;

export const recentItems = z.object({
  added: z.array(itemSummary),
  edited: z.array(itemSummary),
});
export type RecentItems = z.infer<typeof recentItems>;

// The filter parameters (f., min., max.) are defined with the catalogue constants, zod-free for the SPA.
export { FILTER_PREFIX, MAX_PREFIX, MIN_PREFIX } from '../catalogue';

export const filterFacet = z.object({
  key: z.string(),
  label: z.string(),
  type: z.string(),
  kind: z.enum(['values', 'range', 'yesno']),
  /** For "values" and "yesno": the most frequent values among the visible items, with their counts. */
  values: z.array(z.object({ value: z.string(), count: z.number().int() })),
  /** For "range": the smallest and largest values. */
  min: z.union([z.number(), z.string()]).nullable(),
  max: z.union([z.number(), z.string()]).nullable(),
  /**
   * The counts are estimates: a broad search has too many matches to count, so they come from its first
   * matches, scaled (two significant digits); a range then gives the collection's bounds.
   */
  estimated: z.boolean().optional(),
});
export const filterFacets = z.object({ filters: z.array(filterFacet) });
export type FilterFacet = z.infer<typeof filterFacet>;
export type FilterFacets = z.infer<typeof filterFacets>;
