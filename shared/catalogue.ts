// Catalogue constants shared by the Worker and the SPA: collection types, property content types,
// visibility and borrowing levels, paging.

export const COLLECTION_TYPES = ['books', 'comics', 'movies', 'board_games'] as const;
export type TemplateType = (typeof COLLECTION_TYPES)[number];

export const PROPERTY_TYPES = [
  'text',
  'longtext',
  'number',
  'date',
  'datetime',
  'rating',
  'yesno',
  'url',
  'color',
  'json',
  'image',
  'video',
  'file',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Content types whose values are uploaded media (media://<key>); video also accepts embed URLs. */
export const MEDIA_PROPERTY_TYPES: readonly PropertyType[] = ['image', 'video', 'file'];
/** Content types that can be filtered with a range, and sorted as numbers or dates. */
export const RANGE_PROPERTY_TYPES: readonly PropertyType[] = ['number', 'rating', 'date', 'datetime'];

/**
 * 0 Everyone, 1 Logged in, 2 Shared users (the collection's owner and the people it is shared with),
 * 3 Only me, 4 Nobody: for collections, items and properties alike.
 */
export const VISIBILITY_LEVELS = [0, 1, 2, 3, 4] as const;
export type VisibilityLevel = (typeof VISIBILITY_LEVELS)[number];
/** A collection's levels: the same. */
export const COLLECTION_VISIBILITY_LEVELS = VISIBILITY_LEVELS;
export type CollectionVisibilityLevel = VisibilityLevel;
/** What a person a collection is shared with may do (docs/product.md): the owner is never one of them. */
export const MEMBER_ROLES = ['viewer', 'editor', 'co_owner'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type CollectionRole = MemberRole | 'owner';
const ROLE_RANKS: Record<CollectionRole, number> = { viewer: 1, editor: 2, co_owner: 3, owner: 4 };
/** Whether a caller's role in a collection is at least `least`: editors add, edit and lend items; co-owners also change the collection and its sharing. */
export function hasRole(role: CollectionRole | null | undefined, least: CollectionRole): boolean {
  return role != null && ROLE_RANKS[role] >= ROLE_RANKS[least];
}
/** Who may ask to borrow: 0 Everyone, 1 Logged in, 3 Only me (owner records loans), 4 Nobody. */
export const BORROW_LEVELS = [0, 1, 3, 4] as const;
export type BorrowLevel = (typeof BORROW_LEVELS)[number];

export const PER_PAGE_OPTIONS = [20, 50, 100, 200] as const;
/** "Unlimited" in the UI; the API still streams it in pages of this size. */
export const PER_PAGE_ALL = 'all';
export const DEFAULT_PER_PAGE = 50;

/**
 * Filters travel in the query string next to the list's query: `f.<key>=<value>` (repeatable: any of
 * the values), `min.<key>` / `max.<key>` for numbers, ratings and dates, `f.<key>=true|false` for yes/no.
 * Different keys combine with AND.
 */
export const FILTER_PREFIX = 'f.';
export const MIN_PREFIX = 'min.';
export const MAX_PREFIX = 'max.';

export const DISPLAY_MODES = ['list', 'mosaic', 'shop'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

/** Video embeds are allowed only from these hosts (the CSP's frame-src says the same). */
export const VIDEO_EMBED_HOSTS = ['www.youtube-nocookie.com', 'player.vimeo.com', 'geo.dailymotion.com'] as const;

export const MAX_TAGS = 20;
export const TAG_MAX_LENGTH = 40;
export const COLLECTION_NAME_MAX_LENGTH = 120;
export const COLLECTION_DESCRIPTION_MAX_LENGTH = 5000;
export const COLLECTION_TYPE_MAX_LENGTH = 40;
/** A custom collection type: lower-case letters, digits, _ and - (RegExp and HTML pattern source). */
export const COLLECTION_TYPE_PATTERN = '[a-z0-9][a-z0-9_\\-]*';
export const PROPERTY_KEY_MAX_LENGTH = 40;
/** A property key: a lower-case letter, then lower-case letters, digits and _ (RegExp and HTML pattern source). */
export const PROPERTY_KEY_PATTERN = '[a-z][a-z0-9_]*';
export const PROPERTY_LABEL_MAX_LENGTH = 80;
export const PROPERTY_DESCRIPTION_MAX_LENGTH = 500;
export const PROPERTY_SUFFIX_MAX_LENGTH = 20;
export const DISPLAY_ORDER_MAX = 10_000;
export const ITEM_QUANTITY_MAX = 100_000;
export const SEARCH_MAX_LENGTH = 200;
export const MAX_PROPERTIES = 60;
export const MAX_VALUES_PER_PROPERTY = 50;
export const COLLECTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ITEM_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Longest values, in characters: the server refuses longer ones, and inputs stop at the same length. */
export const TEXT_VALUE_MAX_LENGTH = 1000;
export const LONGTEXT_VALUE_MAX_LENGTH = 20_000;
export const JSON_VALUE_MAX_LENGTH = 20_000;
export const URL_VALUE_MAX_LENGTH = 2000;
