// Searching metadata sources for a collection: which sources its type uses, the query read as a code
// (ISBN, barcode) or as words, every source asked at once with a day's cache in D1, failures reported
// per source beside the others' hits, and each hit marked when the collection already holds it.
import type { Locale } from '@shared/constants';
import { compactCode, codeForms, readCode } from '@shared/sources/codes';
import { COLLECTION_TYPES } from '@shared/catalogue';
import {
  SOURCE_IDS,
  isExternalSourceId,
  sourcesForType,
  type BuiltinSourceId,
  type SourceId,
  type SourceOffer,
  type SourceProblem,
  type SourceSearchResult,
} from '@shared/schemas/sources';
import type { CollectionRow } from '../collections/collections.queries';
import type { Db, Env } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { throttle } from '@worker/lib/rate-limit';
import { openSecret, type SealedSecret } from '@worker/lib/secrets';
import { storedSetting } from '@worker/lib/stored-setting';
import type { PropertyRow } from '@worker/lib/values';
import { itemsByCodesOrTitle } from '../items/items.queries';
import { boardGameGeek } from './bgg.source';
import { bnf } from './bnf.source';
import { externalSource } from './external.source';
import { listExternalSources, type ExternalSourceFull } from './external-sources.queries';
import { googleBooks } from './google-books.source';
import { musicBrainz } from './musicbrainz.source';
import { openLibrary } from './open-library.source';
import { SourceFailure, type FoundHit, type MetadataSource } from './source';
import { tmdb } from './tmdb.source';

export const SOURCES: Record<BuiltinSourceId, MetadataSource> = {
  openlibrary: openLibrary,
  googlebooks: googleBooks,
  bnf,
  bgg: boardGameGeek,
  tmdb,
  musicbrainz: musicBrainz,
};

/** A source's answers are kept this long: catalogues change slowly, and people search the same things. */
const CACHE_SECONDS = 24 * 3600;
/** Requests to outside sources (searches, covers), per person and window; answers from the cache are free. */
const SOURCE_REQUEST_LIMIT = { max: 120, windowSeconds: 600 };

/** Counts one request of this person to outside sources; 429 past the limit. */
export const countSourceRequest = (db: Db, callerId: number) =>
  throttle(db, [{ key: `source-search:${callerId}`, ...SOURCE_REQUEST_LIMIT }]);

/** What the administrator saved for a source (Configuration → Modules): whether it is used, its key sealed. */
export type StoredSourceSettings = Partial<Record<BuiltinSourceId, { enabled?: boolean; key?: SealedSecret | null }>>;

export const sourceSettings = storedSetting<StoredSourceSettings>('sources', (value) =>
  value && typeof value === 'object' ? (value as StoredSourceSettings) : {},
);

/**
 * How the sources may be used now: each one's key (the saved one, else the environment's), whether it is
 * on, and the external modules registered (Configuration → Modules), which need no key.
 */
export interface SourceAccess {
  key(id: SourceId): string | null;
  /** Where the key in use comes from. */
  keyFrom(id: SourceId): 'settings' | 'environment' | null;
  enabled(id: SourceId): boolean;
  /** The module that answers for this id (null: an external module removed since). */
  source(id: SourceId): MetadataSource | null;
  externals: readonly ExternalSourceFull[];
}

const environmentKey = (env: Env, id: BuiltinSourceId): string | null => {
  const keys: Partial<Record<BuiltinSourceId, string | undefined>> = {
    googlebooks: env.GOOGLE_BOOKS_API_KEY,
    bgg: env.BGG_TOKEN,
    tmdb: env.TMDB_API_KEY,
  };
  return keys[id]?.trim() || null;
};

/**
 * The sources' access, from the saved settings (read through the isolate's copy unless `fresh`) over the
 * environment. A saved key that cannot be opened (APP_SECRET changed since) counts as none.
 */
export async function sourceAccess(env: Env, fresh = false): Promise<SourceAccess> {
  const [stored, externals] = await Promise.all([sourceSettings.read(env.DB, fresh), listExternalSources(env.DB)]);
  return sourceAccessFrom(env, stored, externals);
}

/** The same from the saved settings and the modules' rows, read elsewhere (a queue step reads them in its first batch). */
export async function sourceAccessFrom(env: Env, stored: StoredSourceSettings, externals: ExternalSourceFull[]): Promise<SourceAccess> {
  const opened = new Map<SourceId, string>();
  for (const id of SOURCE_IDS) {
    const key = await openSecret(env, stored[id]?.key);
    if (key) opened.set(id, key);
  }
  const external = new Map(externals.map((e) => [`ext-${e.id}`, e]));
  return {
    key: (id) => (isExternalSourceId(id) ? null : (opened.get(id) ?? environmentKey(env, id))),
    keyFrom: (id) => (isExternalSourceId(id) ? null : opened.has(id) ? 'settings' : environmentKey(env, id) ? 'environment' : null),
    enabled: (id) => (isExternalSourceId(id) ? (external.get(id)?.enabled ?? false) : stored[id]?.enabled !== false),
    source: (id) => {
      if (!isExternalSourceId(id)) return SOURCES[id];
      const found = external.get(id);
      return found ? externalSource(found) : null;
    },
    externals,
  };
}

/** Whether an external module serves a collection of this type: its type, "any", or a custom collection (which may use every source). */
const serves = (module: ExternalSourceFull, type: string) =>
  module.types.includes('any') || !(COLLECTION_TYPES as readonly string[]).includes(type) || (module.types as string[]).includes(type);

/** The sources a collection of this type offers (those the administrator has not turned off), with whether each can be asked now. */
export function sourceOffers(access: SourceAccess, type: string): SourceOffer[] {
  const builtin = sourcesForType(type)
    .filter((id) => access.enabled(id))
    .map((id): SourceOffer => {
      const source = SOURCES[id];
      return { id, name: source.name, ready: source.key !== 'required' || access.key(id) !== null, barcodes: source.barcodes };
    });
  // External modules come after the built-in sources, in the order they were registered.
  const external = access.externals
    .filter((module) => module.enabled && serves(module, type))
    .map((module): SourceOffer => ({ id: `ext-${module.id}`, name: module.name, ready: true, barcodes: module.barcodes }));
  return [...builtin, ...external];
}

const cacheKey = (id: SourceId, kind: 'code' | 'text', locale: Locale, query: string) => `${id}|${kind}|${locale}|${query}`;

/** Words as a cache key: spaces and case do not make another search. */
const normalizedWords = (q: string) => q.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

async function cachedHits(env: Env, keys: string[]): Promise<Map<string, FoundHit[]>> {
  const { results } = await env.DB.prepare(
    `SELECT key, hits FROM source_cache WHERE key IN (SELECT value FROM json_each(?1)) AND expires_at > ?2`,
  )
    .bind(JSON.stringify(keys), new Date().toISOString())
    .all<{ key: string; hits: string }>();
  return new Map(results.map((r) => [r.key, JSON.parse(r.hits) as FoundHit[]]));
}

function storeHits(env: Env, entries: { key: string; hits: FoundHit[] }[]) {
  if (entries.length === 0) return Promise.resolve();
  const expires = new Date(Date.now() + CACHE_SECONDS * 1000).toISOString();
  return env.DB.prepare(
    `INSERT OR REPLACE INTO source_cache (key, hits, expires_at)
     SELECT json_extract(value, '$.key'), json_extract(value, '$.hits'), ?2 FROM json_each(?1)`,
  )
    .bind(JSON.stringify(entries.map((e) => ({ key: e.key, hits: JSON.stringify(e.hits) }))), expires)
    .run();
}

export interface SearchRequest {
  collection: CollectionRow;
  properties: PropertyRow[];
  callerId: number;
  q: string;
  source: SourceId | undefined;
  locale: Locale;
}

/** What sources answered one query: each one's hits (from the cache or asked now), and those that failed. */
export interface SourceAnswers {
  hits: Map<SourceId, FoundHit[]>;
  problems: { source: SourceId; problem: SourceProblem; status: number | null }[];
}

/**
 * Asks these sources (ready ones: a source needing a key has one) for a code or words, all at once:
 * answers from the day's cache first; `beforeAsking` runs when an outside request is about to be made
 * (the search counts it against the person's limit). A module's own fault is its source's problem.
 */
export async function askSources(
  env: Env,
  access: SourceAccess,
  ids: readonly SourceId[],
  query: { code: string } | { words: string },
  locale: Locale,
  beforeAsking: () => Promise<unknown> = async () => undefined,
): Promise<SourceAnswers> {
  const kind = 'code' in query ? 'code' : 'text';
  const cacheQuery = 'code' in query ? query.code : normalizedWords(query.words);
  const asked = ids.map((id) => ({ id, key: cacheKey(id, kind, locale, cacheQuery) }));
  const cached = await cachedHits(
    env,
    asked.map((a) => a.key),
  );
  const missing = asked.filter((a) => !cached.has(a.key));
  if (missing.length > 0) await beforeAsking();
  type Answer =
    { id: SourceId; key: string; hits: FoundHit[] } | { id: SourceId; key: string; problem: SourceProblem; status: number | null };
  const answers = await Promise.all(
    missing.map(async ({ id, key }): Promise<Answer> => {
      const source = access.source(id);
      // An external module removed between the offer and the question.
      if (!source) return { id, key, problem: 'unreachable', status: null };
      const ctx = { env, key: access.key(id), locale };
      try {
        return { id, key, hits: await ('code' in query ? source.lookUpCode(ctx, query.code) : source.search(ctx, query.words.trim())) };
      } catch (err) {
        if (err instanceof SourceFailure) return { id, key, problem: err.problem, status: err.status };
        console.error(`source ${id} failed`, err);
        return { id, key, problem: 'malformed', status: null };
      }
    }),
  );
  const hits = new Map<SourceId, FoundHit[]>(asked.flatMap((a) => (cached.has(a.key) ? [[a.id, cached.get(a.key)!] as const] : [])));
  const problems: SourceAnswers['problems'] = [];
  const fresh: { key: string; hits: FoundHit[] }[] = [];
  for (const answer of answers) {
    if ('hits' in answer) {
      hits.set(answer.id, answer.hits);
      fresh.push({ key: answer.key, hits: answer.hits });
    } else {
      problems.push({ source: answer.id, problem: answer.problem, status: answer.status });
    }
  }
  await storeHits(env, fresh);
  return { hits, problems };
}

export async function searchSources(env: Env, db: Db, request: SearchRequest): Promise<SourceSearchResult> {
  const code = readCode(request.q);
  const kind = code ? 'code' : 'text';
  const access = await sourceAccess(env);
  const offered = sourceOffers(access, request.collection.type);
  if (request.source && !offered.some((o) => o.id === request.source)) {
    throw new ApiError('VALIDATION_FAILED', { fields: [{ path: 'source', reason: 'invalid_enum_value', message: '' }] });
  }
  const chosen = offered.filter((o) => (request.source ? o.id === request.source : true) && (kind === 'text' || o.barcodes));
  const ready = chosen.filter((o) => o.ready).map((o) => o.id);
  const answers = await askSources(env, access, ready, code ? { code: code.code } : { words: request.q }, request.locale, () =>
    countSourceRequest(db, request.callerId),
  );
  const problems: SourceSearchResult['problems'] = [
    ...chosen.filter((o) => !o.ready).map((o) => ({ source: o.id, problem: 'needs_key' as const, status: null })),
    ...answers.problems,
  ];
  const hits = ready.flatMap((id) => answers.hits.get(id) ?? []);
  const owned = await ownedItems(env, request.collection.id, request.properties, hits);
  return { kind, hits: hits.map((hit, i) => ({ ...hit, ownedItemId: owned[i] ?? null })), problems };
}

/** Titles compared as people read them: case, accents and punctuation aside. */
const comparableTitle = (title: string) =>
  title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The codes a hit gives (ISBNs, barcodes), each in every form it is written in (an ISBN-10 and its ISBN-13). */
const codesOfHit = (hit: FoundHit) =>
  [...(hit.fields.isbn ?? []), ...(hit.fields.barcode ?? [])].flatMap((text) => {
    const read = readCode(text);
    return read ? codeForms(read.code) : [];
  });

/**
 * For each hit, an item of the collection that holds it: one whose reference property (ISBN, barcode)
 * holds one of the hit's codes in any of its forms, else one whose title is the hit's.
 */
function ownedItems(env: Env, collectionId: number, props: PropertyRow[], hits: FoundHit[]): Promise<(number | null)[]> {
  return heldItems(
    env,
    collectionId,
    props,
    hits.map((hit) => ({ codes: codesOfHit(hit), title: hit.title })),
  );
}

/** For each code, an item of the collection whose reference property holds it (in any of its forms). */
export function itemsHoldingCodes(env: Env, collectionId: number, props: PropertyRow[], codes: string[]): Promise<(number | null)[]> {
  return heldItems(
    env,
    collectionId,
    props,
    codes.map((code) => ({ codes: codeForms(code), title: null })),
  );
}

/** Candidates come from the search index, then their values decide: by code first, then by title. */
async function heldItems(
  env: Env,
  collectionId: number,
  props: PropertyRow[],
  wanted: { codes: string[]; title: string | null }[],
): Promise<(number | null)[]> {
  if (wanted.length === 0) return [];
  const references = props.filter((p) => p.isReference);
  const title = props.find((p) => p.isTitle);
  const lookUps = wanted.map((w) => ({ codes: references.length > 0 ? [...new Set(w.codes)] : [], title: title ? w.title : null }));
  const candidates = await itemsByCodesOrTitle(env.DB, collectionId, lookUps);
  const valuesOf = (data: Record<string, unknown>, p: PropertyRow) =>
    [data[String(p.id)]].flat().filter((v): v is string => typeof v === 'string');
  return lookUps.map((lookUp, i) => {
    const codes = new Set(lookUp.codes);
    const found = candidates[i]!;
    const byCode = found.find((c) => references.some((p) => valuesOf(c.data, p).some((v) => codes.has(compactCode(v)))));
    if (byCode) return byCode.id;
    if (!title || lookUp.title === null) return null;
    const wantedTitle = comparableTitle(lookUp.title);
    return found.find((c) => valuesOf(c.data, title).some((v) => comparableTitle(v) === wantedTitle))?.id ?? null;
  });
}
