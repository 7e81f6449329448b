// Metadata sources (spec: "search and import items from sources"): catalogues outside Vitrine (Open
// Library, Google Books, the BnF, BoardGameGeek, TMDB, MusicBrainz) searched by title, author, ISBN or
// barcode. Every source answers in one shape, a hit: its own id, a title, and fields named after the
// templates' property keys (shared/sources/mapping.ts puts them into a collection's properties).
import { z } from 'zod';
import { COLLECTION_TYPES, type TemplateType } from '../catalogue';

export const SOURCE_IDS = ['openlibrary', 'googlebooks', 'bnf', 'bgg', 'tmdb', 'musicbrainz'] as const;
export type BuiltinSourceId = (typeof SOURCE_IDS)[number];
/** An external module's id: `ext-` and its number (Configuration → Modules registers it by its address). */
export type ExternalSourceId = `ext-${number}`;
/** A built-in source or an external module. */
export type SourceId = BuiltinSourceId | ExternalSourceId;

export const EXTERNAL_SOURCE_ID_PATTERN = /^ext-[1-9][0-9]{0,8}$/;
export const isExternalSourceId = (id: string): id is ExternalSourceId => EXTERNAL_SOURCE_ID_PATTERN.test(id);
export const externalSourceId = (n: number): ExternalSourceId => `ext-${n}`;

/** Any source's id, as every request and answer names it: a built-in id, or `ext-<digits>`. */
export const sourceIdSchema = z
  .union([z.enum(SOURCE_IDS), z.string().regex(EXTERNAL_SOURCE_ID_PATTERN) as unknown as z.ZodType<ExternalSourceId, string>])
  .describe('A built-in source (openlibrary, googlebooks, bnf, bgg, tmdb, musicbrainz) or an external module (ext-<n>)');

/**
 * What a hit may say of an item, named as the templates name their properties (books, comics, movies,
 * board games), so that a template's collection needs no mapping at all. `cover` holds an address.
 */
export const SOURCE_FIELDS = [
  'title',
  'subtitle',
  'original_title',
  'cover',
  'authors',
  'series',
  'series_number',
  'publisher',
  'year',
  'pages',
  'isbn',
  'barcode',
  'language',
  'genre',
  'format',
  'summary',
  'directors',
  'cast',
  'runtime',
  'players_min',
  'players_max',
  'play_time',
  'age',
  'designers',
  'artists',
  'mechanics',
  'link',
] as const;
export type ImportField = (typeof SOURCE_FIELDS)[number];

/** The sources searched for a collection of each type, best first; a custom collection may use any. */
export const SOURCES_BY_TYPE: Record<TemplateType, readonly BuiltinSourceId[]> = {
  books: ['openlibrary', 'googlebooks', 'bnf'],
  comics: ['bnf', 'googlebooks', 'openlibrary'],
  movies: ['tmdb'],
  board_games: ['bgg'],
};

export function sourcesForType(type: string): readonly BuiltinSourceId[] {
  return (COLLECTION_TYPES as readonly string[]).includes(type) ? SOURCES_BY_TYPE[type as TemplateType] : SOURCE_IDS;
}

export const SOURCE_QUERY_MAX_LENGTH = 200;

export const sourceHit = z.object({
  source: sourceIdSchema,
  /** The source's own identifier (an Open Library work, a Google Books volume, a BGG thing id…). */
  id: z.string(),
  title: z.string(),
  /** Each field's values as text; a field the source does not know is absent. */
  fields: z.partialRecord(z.enum(SOURCE_FIELDS), z.array(z.string())),
  /** An item of the collection that already holds this (same ISBN or barcode, or same title and year). */
  ownedItemId: z.number().int().nullable(),
});
export type SourceHit = z.infer<typeof sourceHit>;

/** Why a source gave nothing this time; the other sources' hits still show. */
export const SOURCE_PROBLEMS = ['timeout', 'unreachable', 'refused', 'malformed', 'needs_key', 'busy'] as const;
export type SourceProblem = (typeof SOURCE_PROBLEMS)[number];

export const sourceSearchQuery = z.object({
  q: z.string().trim().min(1).max(SOURCE_QUERY_MAX_LENGTH),
  /** One source only; every source of the collection's type when absent. */
  source: sourceIdSchema.optional(),
});

export const sourceSearchResult = z.object({
  /** The query as the sources read it: an ISBN or barcode (digits, checked), or words. */
  kind: z.enum(['code', 'text']),
  hits: z.array(sourceHit),
  problems: z.array(z.object({ source: sourceIdSchema, problem: z.enum(SOURCE_PROBLEMS), status: z.number().int().nullable() })),
});
export type SourceSearchResult = z.infer<typeof sourceSearchResult>;

/** A source as a collection's search screen offers it. */
export const sourceOffer = z.object({
  id: sourceIdSchema,
  name: z.string(),
  /** Whether it can be asked now: a source that needs a key without one cannot. */
  ready: z.boolean(),
  /** Whether it reads barcodes (ISBNs, EANs, UPCs); title search is for every source. */
  barcodes: z.boolean(),
});
export const sourceOffers = z.object({ sources: z.array(sourceOffer) });
export type SourceOffer = z.infer<typeof sourceOffer>;

/** Where each source field goes in a collection: a property key, or null (not imported). */
export const sourceMapping = z.partialRecord(z.enum(SOURCE_FIELDS), z.string().max(64).nullable());
export type SourceMapping = z.infer<typeof sourceMapping>;
export const sourceMappingBody = z.object({ mapping: sourceMapping }).strict();

/** A picture at a source's address, fetched into the collection's media. */
export const sourceCoverBody = z.object({ address: z.string().url().max(2000) }).strict();

/** Codes one queue takes at most: a shelf or two scanned, or a list pasted from a spreadsheet. */
export const SOURCE_QUEUE_MAX_CODES = 500;

/**
 * A list of ISBNs or barcodes to become items, each looked up in the sources and added with its cover.
 * Separators and spaces inside a code are allowed; each must read as a code (check digit verified).
 */
export const sourceQueueBody = z
  .object({
    codes: z.array(z.string().max(40)).min(1).max(SOURCE_QUEUE_MAX_CODES),
    /** One source only; otherwise the sources of the collection's type that read codes, in order, until one knows it. */
    source: sourceIdSchema.optional(),
  })
  .strict();
export type SourceQueueBody = z.infer<typeof sourceQueueBody>;

export const SOURCE_QUEUE_STATUSES = ['running', 'done', 'cancelled', 'failed'] as const;
/** What became of a code: added, already held, known to no source, or failed (`problem` says why). */
export const SOURCE_QUEUE_OUTCOMES = ['added', 'owned', 'missing', 'failed'] as const;
export type SourceQueueOutcome = (typeof SOURCE_QUEUE_OUTCOMES)[number];

export const sourceQueueRun = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  source: sourceIdSchema.nullable(),
  status: z.enum(SOURCE_QUEUE_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  added: z.number().int(),
  owned: z.number().int(),
  missing: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SourceQueueRun = z.infer<typeof sourceQueueRun>;

export const sourceQueueCode = z.object({
  code: z.string(),
  /** Null while the code waits its turn. */
  outcome: z.enum(SOURCE_QUEUE_OUTCOMES).nullable(),
  /** The item added, or the one that already held it (null once deleted). */
  itemId: z.number().int().nullable(),
  title: z.string().nullable(),
  source: sourceIdSchema.nullable(),
  /** Why it failed: a source's problem (timeout, busy…), or invalid_values when the collection refused its values. */
  problem: z.string().nullable(),
});
export type SourceQueueCode = z.infer<typeof sourceQueueCode>;

export const sourceQueueReport = sourceQueueRun.extend({ codes: z.array(sourceQueueCode) });
export type SourceQueueReport = z.infer<typeof sourceQueueReport>;

/** A source as Configuration → Modules shows it: what it is, whether it is on, and its key (never in full). */
export const sourceModule = z.object({
  id: z.enum(SOURCE_IDS),
  name: z.string(),
  /** The collection types that search it (any custom collection may too). */
  types: z.array(z.string()),
  key: z.enum(['none', 'optional', 'required']),
  barcodes: z.boolean(),
  enabled: z.boolean(),
  /** Where the key in use comes from: saved here, the deployment's environment, or none. */
  keyFrom: z.enum(['settings', 'environment']).nullable(),
  /** The last characters of a saved key long enough to show them. */
  keyEnding: z.string().nullable(),
  /** Whether it can be asked now: on, and with a key when it needs one. */
  ready: z.boolean(),
});
export type SourceModule = z.infer<typeof sourceModule>;

export const SOURCE_KEY_MAX_LENGTH = 500;
/** A change to a source: on or off, and its key (a new one, or null to forget the saved one); what is left out stays. */
export const updateSourceModuleInput = z
  .object({ enabled: z.boolean().optional(), key: z.string().trim().min(1).max(SOURCE_KEY_MAX_LENGTH).nullable().optional() })
  .strict();

/** What a test of a source gave: hits for a query it surely knows, or why none came. */
export const sourceModuleTest = z.object({
  ok: z.boolean(),
  hits: z.number().int(),
  /** The first hit's title, to see the source answered sense. */
  title: z.string().nullable(),
  problem: z.enum(SOURCE_PROBLEMS).nullable(),
  status: z.number().int().nullable(),
});
export type SourceModuleTest = z.infer<typeof sourceModuleTest>;

/**
 * External modules: a metadata source outside Vitrine, registered by the administrator as an https
 * address B serving a small JSON protocol (docs/guide/metadata-sources.md, "External metadata
 * modules"): `GET B/manifest`, `GET B/search?q=&lang=`, `GET B/code/<digits>?lang=`. These are the limits of its answers.
 */
export const EXTERNAL_PROTOCOL_VERSION = 1;
export const EXTERNAL_ADDRESS_MAX_LENGTH = 500;
export const EXTERNAL_NAME_MAX_LENGTH = 60;
export const EXTERNAL_VERSION_MAX_LENGTH = 40;
export const EXTERNAL_DESCRIPTION_MAX_LENGTH = 300;
/** The collection types a module may serve: the templates' types, or every collection. */
export const EXTERNAL_TYPES = [...COLLECTION_TYPES, 'any'] as const;
export type ExternalType = (typeof EXTERNAL_TYPES)[number];

/** An external module as Configuration → Modules shows it: its manifest as last read, on or off, and its last problem. */
export const externalModule = z.object({
  id: sourceIdSchema,
  /** The number in its id and in /config/modules/external/{n}. */
  number: z.number().int(),
  address: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  types: z.array(z.enum(EXTERNAL_TYPES)),
  barcodes: z.boolean(),
  enabled: z.boolean(),
  /** When its manifest was last read (registered, or "upgrade all"). */
  checkedAt: z.string(),
  /** What went wrong the last time its manifest was read (it keeps its last good one), or null. */
  problem: z.enum(SOURCE_PROBLEMS).nullable(),
});
export type ExternalModule = z.infer<typeof externalModule>;

export const sourceModuleList = z.object({
  sources: z.array(sourceModule),
  /** External modules, in the order they were registered (after the built-in sources wherever sources are offered). */
  external: z.array(externalModule),
});

export const registerExternalModuleInput = z
  .object({
    address: z
      .string()
      .trim()
      .min(1)
      .max(EXTERNAL_ADDRESS_MAX_LENGTH)
      .describe('The base address B (https; the manifest is at B/manifest)'),
  })
  .strict();
export const updateExternalModuleInput = z.object({ enabled: z.boolean() }).strict();

/** Why an address could not be registered (SOURCE_UNREACHABLE's details.fields[0].reason). */
export const EXTERNAL_REGISTER_PROBLEMS = ['not_https', 'address', ...SOURCE_PROBLEMS] as const;

const change = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value });
/** What "upgrade all" found for one module: what changed in its manifest, or why it could not be read. */
export const externalUpgrade = z.object({
  id: sourceIdSchema,
  name: z.string(),
  changes: z.object({
    name: change(z.string()).optional(),
    version: change(z.string()).optional(),
    types: change(z.array(z.enum(EXTERNAL_TYPES))).optional(),
    barcodes: change(z.boolean()).optional(),
    description: change(z.string().nullable()).optional(),
  }),
  problem: z.enum(SOURCE_PROBLEMS).nullable(),
  status: z.number().int().nullable(),
});
export type ExternalUpgrade = z.infer<typeof externalUpgrade>;
export const externalUpgradeResult = z.object({ upgrades: z.array(externalUpgrade), modules: z.array(externalModule) });
export type ExternalUpgradeResult = z.infer<typeof externalUpgradeResult>;
