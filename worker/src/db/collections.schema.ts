import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.schema';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * Collections belong to a user; deleting the user deletes them (docs/product.md §5) through ON DELETE CASCADE,
 * and with them their properties, items and values. The three counters are kept by triggers
 * (migration 0002) so the home page never counts items: visible to everyone, to signed-in users, to
 * the owner (items at level 4 "Nobody" are in none of them).
 */
export const collections = sqliteTable(
  'collections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull().default('custom'),
    description: text('description'),
    image: text('image'),
    /** JSON array of strings. */
    tags: text('tags').notNull().default('[]'),
    visibility: integer('visibility').notNull().default(0),
    borrowable: integer('borrowable').notNull().default(3),
    /** A new loan's due date: lent on + this many days (the owner may change it per loan). */
    loanPeriodDays: integer('loan_period_days').notNull().default(21),
    /** Reminders go to the borrower this many days before the due date. */
    reminderDays: integer('reminder_days').notNull().default(2),
    /** Days the next in a waiting list has to answer when a copy is offered to them. */
    offerDays: integer('offer_days').notNull().default(3),
    countEveryone: integer('count_everyone').notNull().default(0),
    countLoggedIn: integer('count_logged_in').notNull().default(0),
    countOwner: integer('count_owner').notNull().default(0),
    /** Items the owner and the people the collection is shared with may see (level 2 at most, migration 0046). */
    countShared: integer('count_shared').notNull().default(0),
    /**
     * Of the items counted above, those with no copy left to lend (every copy in a loan in state lent),
     * kept by triggers on items (migration 0033): "available" is the counter less these, with no read.
     */
    unavailableEveryone: integer('unavailable_everyone').notNull().default(0),
    unavailableLoggedIn: integer('unavailable_logged_in').notNull().default(0),
    unavailableOwner: integer('unavailable_owner').notNull().default(0),
    unavailableShared: integer('unavailable_shared').notNull().default(0),
    /** Bumped by every edit; a write that names an older version is refused (migration 0007). */
    version: integer('version').notNull().default(1),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('collections_owner_id_idx').on(t.ownerId), index('collections_visibility_idx').on(t.visibility)],
);

export const properties = sqliteTable(
  'properties',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    /**
     * The collection template whose label this property still carries (its key names the template's
     * property): each reader is shown the template's label in their language. Null once the owner names
     * the property, or for a property no template made (migration 0038).
     */
    labelTemplate: text('label_template'),
    description: text('description'),
    type: text('type').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    suffix: text('suffix'),
    /** JSON of a value of the property's type, or null. */
    defaultValue: text('default_value'),
    hideLabel: integer('hide_label', { mode: 'boolean' }).notNull().default(false),
    inSummary: integer('in_summary', { mode: 'boolean' }).notNull().default(false),
    isTitle: integer('is_title', { mode: 'boolean' }).notNull().default(false),
    isSubtitle: integer('is_subtitle', { mode: 'boolean' }).notNull().default(false),
    isCover: integer('is_cover', { mode: 'boolean' }).notNull().default(false),
    isReference: integer('is_reference', { mode: 'boolean' }).notNull().default(false),
    multiple: integer('multiple', { mode: 'boolean' }).notNull().default(false),
    required: integer('required', { mode: 'boolean' }).notNull().default(false),
    filterable: integer('filterable', { mode: 'boolean' }).notNull().default(false),
    searchable: integer('searchable', { mode: 'boolean' }).notNull().default(false),
    sortable: integer('sortable', { mode: 'boolean' }).notNull().default(false),
    visibility: integer('visibility').notNull().default(0),
    /** Bumped by every edit; a write that names an older version is refused (migration 0007). */
    version: integer('version').notNull().default(1),
    /**
     * A filterable number's (or date-time's) finest span width, a power of ten: once set, its values are
     * kept in spans of that width, ten times and a hundred times it (facet-spans.ts, migration 0034).
     * Null until a range over it finds more values than a page reads; a property of few values has none.
     */
    spanWidth: real('span_width'),
  },
  (t) => [uniqueIndex('properties_collection_key_unique').on(t.collectionId, t.key)],
);

export const items = sqliteTable(
  'items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    /** null: the collection's level applies. */
    visibility: integer('visibility'),
    /** coalesce(visibility, 0): the item's own restriction, compared with the caller's level. */
    level: integer('level').notNull().default(0),
    borrowable: integer('borrowable'),
    /**
     * The item's values as JSON keyed by property id (arrays for multiple properties), rebuilt from
     * item_values by the same batch that writes them. Lists read titles, covers and summaries from it
     * without touching item_values. Keys of deleted properties are ignored on read.
     */
    data: text('data').notNull().default('{}'),
    /** Bumped by every edit; a write that names an older version is refused (migration 0007). */
    version: integer('version').notNull().default(1),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    /**
     * Where an imported item came from ("goodreads:170512", "csv:key:978…", "csv:row:<fingerprint>"),
     * so running the import again updates it instead of adding it twice. null for items made here.
     */
    importRef: text('import_ref'),
    /**
     * Copies in loans in state lent, kept by triggers on loans (migration 0030), so a list reads an item's
     * availability with its row instead of looking its loans up.
     */
    lentCopies: integer('lent_copies').notNull().default(0),
  },
  // Pages sorted by date walk these in order and skip what the caller may not see, so a page costs
  // about its own size (the level is checked per row, not part of the key, to keep the order usable).
  // Only imported items enter the reference index.
  (t) => [
    index('items_collection_created_idx').on(t.collectionId, t.createdAt),
    index('items_collection_updated_idx').on(t.collectionId, t.updatedAt),
    // "Recently edited" walks only the items edited since they were made: through the whole index, a
    // collection nobody edited (a fresh import) was read item by item on every visit (migration 0042).
    index('items_collection_edited_idx')
      .on(t.collectionId, t.updatedAt)
      .where(sql`${t.updatedAt} > ${t.createdAt}`),
    uniqueIndex('items_import_ref_idx')
      .on(t.collectionId, t.importRef)
      .where(sql`${t.importRef} IS NOT NULL`),
    // The items with a copy lent, and those with none left, a few in most collections: "lent" lists the
    // first, "available" reads the second (a row each) where it needs their ids. An item enters them
    // when it is lent, never when it is written.
    index('items_lent_idx')
      .on(t.collectionId, t.level)
      .where(sql`${t.lentCopies} > 0`),
    index('items_unavailable_idx')
      .on(t.collectionId, t.level)
      .where(sql`${t.quantity} <= ${t.lentCopies}`),
  ],
);

/** One row per value; multiple values keep their order in `position`. */
export const itemValues = sqliteTable(
  'item_values',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** No foreign key: deleting a property deletes its values in the same batch (migration 0014). */
    propertyId: integer('property_id').notNull(),
    position: integer('position').notNull().default(0),
    /** The value as JSON text (strings are stored as JSON strings too). */
    value: text('value').notNull(),
    /** Lower-cased text for sorting and filtering text values. */
    sortText: text('sort_text'),
    /**
     * How text values sort (shared/sort-key.ts: numbers padded, articles skipped). A column, not rows,
     * so a value still costs one row written. NULL until the re-key job reaches rows written before it.
     */
    naturalKey: text('natural_key'),
    /** Numbers, ratings, yes/no (0/1), dates and date-times (epoch milliseconds). */
    sortNumber: real('sort_number'),
    /** The item's level, copied here so facet counts can be kept by triggers (migration 0004). */
    level: integer('level').notNull().default(0),
    /**
     * The property's sortable flag, copied here so the sort indexes hold only the values a sort walks:
     * a value costs one row written, two when its property is sortable (migration 0014).
     */
    sortable: integer('sortable', { mode: 'boolean' }).notNull().default(false),
  },
  // The table is WITHOUT ROWID (migration 0014; drizzle cannot say so): the primary key is the table.
  // No index holds every value: filters and facets reach values by item through the primary key, media
  // look-ups use item_values_media_idx (migration 0002), and sorts walk the partial indexes below, whose
  // conditions the walks repeat (items/list/walk.ts, sortIndexed()).
  (t) => [
    primaryKey({ columns: [t.itemId, t.propertyId, t.position] }),
    index('item_values_property_number_idx')
      .on(t.propertyId, t.sortNumber)
      .where(sql`${t.sortable} = 1 AND ${t.sortNumber} IS NOT NULL`),
    index('item_values_property_natural_idx')
      .on(t.propertyId, t.naturalKey)
      .where(sql`${t.sortable} = 1 AND ${t.naturalKey} IS NOT NULL`),
  ],
);

/**
 * For each sortable property, the items with nothing to sort by (no first value, or a text value not yet
 * given its natural key), by creation date: a sort by the property lists them after the others, oldest
 * first, and walks this table to do so instead of testing every item of the collection. Kept by the
 * writer in each write's batch (items.writer.ts, sortGaps()); deleting a property (or its collection)
 * deletes its rows through the foreign key, whose column leads the primary key.
 */
export const itemSortGaps = sqliteTable(
  'item_sort_gaps',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The item's creation date (the order of the walk). */
    createdAt: text('created_at').notNull(),
    /** No foreign key (it would need an index of its own): deleting an item deletes its rows in the same batch. */
    itemId: integer('item_id').notNull(),
  },
  // WITHOUT ROWID (migration 0015): the primary key is the table.
  (t) => [primaryKey({ columns: [t.propertyId, t.createdAt, t.itemId] })],
);

/** What a value's facet_counts row and a date's span (facet_spans) both keep, after their key. */
const facetRowColumns = () => ({
  /** A value as stored (JSON), to show. */
  value: text('value').notNull(),
  sortNumber: real('sort_number'),
  countEveryone: integer('count_everyone').notNull().default(0),
  countLoggedIn: integer('count_logged_in').notNull().default(0),
  countOwner: integer('count_owner').notNull().default(0),
  /** Members of a shared collection: values of items at level 2 at most (migration 0046). */
  countShared: integer('count_shared').notNull().default(0),
  /**
   * The newest of the items the owner may see that hold this value, as " id id … " (their ids between
   * spaces); past 32,000 characters a trigger moves them into facet_item_chunks (migrations 0029, 0032). A
   * narrowed list reads its matches from these lists, a row a value and one per 4,000 items, instead
   * of a row a match (items/list/kept-lists.ts).
   */
  items: text('items'),
});

/**
 * Values of filterable properties with how many items hold each, per caller level (everyone, signed
 * in, owner): the filter panel of an unfiltered collection reads these instead of every value. Kept by
 * triggers on item_values (migration 0004); rebuilt when a property becomes filterable.
 */
export const facetCounts = sqliteTable(
  'facet_counts',
  {
    /** A property deleted takes its rows along (the foreign key, migration 0003). */
    propertyId: integer('property_id').notNull(),
    /** sort_text, or the number as text. */
    sortKey: text('sort_key').notNull(),
    ...facetRowColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.sortKey] }),
    index('facet_counts_everyone_idx').on(t.propertyId, t.countEveryone),
    index('facet_counts_logged_in_idx').on(t.propertyId, t.countLoggedIn),
    index('facet_counts_owner_idx').on(t.propertyId, t.countOwner),
    index('facet_counts_shared_idx').on(t.propertyId, t.countShared),
    index('facet_counts_number_idx').on(t.propertyId, t.sortNumber),
  ],
);

/**
 * How many items a value's list may be written with at once (a property made filterable, migration
 * 0029's first lists): past that its list is not kept (NULL, never read), as one text of them would pass
 * D1's 2 MB a value. Lists that grow item by item close a chunk every 4,000 or so instead.
 */
export const FACET_ITEMS_WHOLE = 200_000;

/**
 * The spans of a filterable date property: a row for each month ("month 2015-03") and each year
 * ("year 2015") its values fall in, with the counts and the list of items of those values, as a value's
 * facet_counts row has them (same columns; no sort number; long lists close into facet_item_chunks,
 * whose keys cannot meet a value's). Kept by triggers on item_values (migration 0031,
 * features/items/facet-spans.ts). A filterable number or date-time with a span width keeps spans of
 * that width, ten and a hundred times it ("n0 …", "n1 …", "n2 …", migration 0034). No index but the
 * key: keeping a span writes one row. The table has
 * no rowid (the migration says so; drizzle cannot) and a property deleted takes its rows along.
 */
export const facetSpans = sqliteTable(
  'facet_spans',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** "month 2015-03" or "year 2015". */
    sortKey: text('sort_key').notNull(),
    ...facetRowColumns(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.sortKey] })],
);

/** The older items of a value's list (facet_counts.items), a closed chunk of about 4,000 a row (1,000 for those closed before migration 0032). */
export const facetItemChunks = sqliteTable(
  'facet_item_chunks',
  {
    propertyId: integer('property_id').notNull(),
    sortKey: text('sort_key').notNull(),
    /** 1, 2, … in the order the chunks were closed. */
    seq: integer('seq').notNull(),
    items: text('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.sortKey, t.seq] })],
);

/**
 * Where items stand in each sort order of a large collection, in buckets of about 500 with their counts
 * per caller level, so a page number typed deep into the list starts near its place
 * (features/items/sort-ranks.ts says what the JSON holds). One row per collection, so keeping every
 * order costs each write one row; built on demand, and only for collections of 2,000 items or more.
 */
export const sortRanks = sqliteTable('sort_ranks', {
  collectionId: integer('collection_id')
    .primaryKey()
    .references(() => collections.id, { onDelete: 'cascade' }),
  /** Moves on with every change, so that a bucket split applies only to the counts it read. */
  version: integer('version').notNull().default(0),
  /** { "c" | "u" | "p<property id>": [[phase, key, id, count_everyone, count_logged_in, count_owner, count_all], …] } */
  data: text('data').notNull().default('{}'),
});

/**
 * While this table holds a row, the triggers that count inserted items and values (items_count_insert,
 * facet_counts_insert) stand aside (migration 0021). An import step puts one in, writes fifty items and
 * their values, counts them into the collection's counters once and into facet_counts once per distinct
 * value, and takes it out again, all in one batch (one transaction, so nothing else writes meanwhile).
 */
export const countsDeferred = sqliteTable('counts_deferred', {
  id: integer('id').primaryKey(),
});

/**
 * Pictures an import stored without a thumbnail (Workers have no image library; uploads come with one
 * the browser made). The owner's browser makes the missing ones while the collection is open
 * (GET /collections/{id}/thumbnails/wanted, then POST …/thumbnails), and each row goes once its
 * thumbnail is stored, or the browser could not make one.
 */
export const thumbnailsWanted = sqliteTable(
  'thumbnails_wanted',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** The picture's media:// value. */
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.value] })],
);
