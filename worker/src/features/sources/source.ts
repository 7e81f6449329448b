// What every metadata source module is: one interface (search words, look up a code, get by id, each
// answering hits in one shape), and the one way they fetch — the guarded fetch with a short time and a
// size cap, so a source that is down, slow or enormous costs a clear problem and never a 5xx.
import type { Locale } from '@shared/constants';
import type { ImportField, SourceHit, SourceId, SourceProblem } from '@shared/schemas/sources';
import type { Env } from '@worker/env';
import { FetchRefused, guardedFetch } from '@worker/lib/guarded-fetch';

/** A hit as a module makes it; the service adds whether the collection already holds it. */
export type FoundHit = Omit<SourceHit, 'ownedItemId'>;

export interface SourceContext {
  env: Env;
  /** The key or token the source is used with (its settings, else the environment), or null. */
  key: string | null;
  /** The language asked for, where the source has translations (TMDB). */
  locale: Locale;
}

export interface MetadataSource {
  id: SourceId;
  /** The name people know it by (the same in every language). */
  name: string;
  /** none: works as is; optional: a key raises its limits; required: asked only with one. */
  key: 'none' | 'optional' | 'required';
  /** Reads ISBNs or barcodes; sources that do not are not asked for a code. */
  barcodes: boolean;
  /** Hits for words (a title, an author…), best first, at most SOURCE_HITS_MAX. */
  search(ctx: SourceContext, words: string): Promise<FoundHit[]>;
  /** Hits for an ISBN-13, EAN-13, UPC-A or EAN-8 (digits, check digit verified). */
  lookUpCode(ctx: SourceContext, code: string): Promise<FoundHit[]>;
}

/** Hits one source gives for one query, at most. */
export const SOURCE_HITS_MAX = 10;
/** A source has this long to answer a request (METADATA_TIMEOUT_MS aside); a slow one is left out, not waited for. */
const SOURCE_TIMEOUT_MS = 8_000;
/** How long a source has for one request in this deployment. */
export const sourceTimeoutMs = (env: Pick<Env, 'METADATA_TIMEOUT_MS'>) => Number(env.METADATA_TIMEOUT_MS) || SOURCE_TIMEOUT_MS;
/** An answer larger than this is not a search result. */
const SOURCE_ANSWER_MAX_BYTES = 2 * 1024 * 1024;

/** Why a source gave nothing, carried up to the search's problems. */
export class SourceFailure extends Error {
  constructor(
    readonly problem: SourceProblem,
    readonly status: number | null = null,
  ) {
    super(status === null ? problem : `${problem} (${status})`);
    this.name = 'SourceFailure';
  }
}

/**
 * Where a source's API lives: its public address, or under METADATA_BASE_URL (tests point it at a fake on
 * 127.0.0.1, each source under its own path, its pictures under `<id>-covers`).
 */
export function sourceBase(env: Pick<Env, 'METADATA_BASE_URL'>, id: string, publicBase: string): string {
  return env.METADATA_BASE_URL ? `${env.METADATA_BASE_URL}/${id}` : publicBase;
}

export const USER_AGENT = 'Vitrine/1.0 (collection manager; https://github.com/vitrine-app/vitrine)';

/** A source's answer as text, or a SourceFailure: time, network, an error status (404 is "nothing"). */
export async function fetchSourceText(env: Env, address: string, headers: Record<string, string> = {}): Promise<string | null> {
  try {
    const fetched = await guardedFetch(env, address, {
      maxBytes: SOURCE_ANSWER_MAX_BYTES,
      timeoutMs: sourceTimeoutMs(env),
      // MusicBrainz and others ask clients to name themselves.
      headers: { 'user-agent': USER_AGENT, ...headers },
    });
    return new TextDecoder().decode(fetched.bytes);
  } catch (err) {
    if (!(err instanceof FetchRefused)) throw err;
    if (err.problem === 'fetch_status' && err.status === 404) return null;
    if (err.problem === 'fetch_timeout') throw new SourceFailure('timeout');
    if (err.problem === 'fetch_status' && (err.status === 401 || err.status === 403)) throw new SourceFailure('refused', err.status);
    if (err.problem === 'fetch_status' && (err.status === 429 || err.status === 503)) throw new SourceFailure('busy', err.status);
    throw new SourceFailure('unreachable', err.status);
  }
}

/** A source's JSON answer (null for 404), or SourceFailure('malformed') when it is not JSON. */
export async function fetchSourceJson(env: Env, address: string, headers: Record<string, string> = {}): Promise<unknown> {
  const text = await fetchSourceText(env, address, { accept: 'application/json', ...headers });
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SourceFailure('malformed');
  }
}

// Readers of untrusted JSON: anything not of the expected shape reads as absent, never as a crash.
export const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const asText = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
};
export const textsOf = (value: unknown): string[] =>
  asArray(value)
    .map(asText)
    .filter((t): t is string => t !== null);

/** The four-digit year a date text begins with ("2008-08-01", "2008", "c1998"), or null. */
export function yearOf(text: string | null | undefined): string | null {
  return /(?:^|\D)(\d{4})(?:\D|$)/.exec(text ?? '')?.[1] ?? null;
}

/** The first number a text holds ("311 p.", "120 min"), or null. */
export function numberIn(text: string | null | undefined): string | null {
  return /\d+/.exec(text ?? '')?.[0] ?? null;
}

/**
 * The hits a list of entries gives, at most SOURCE_HITS_MAX: each entry read as an object (others passed
 * over) and made a hit (null: not enough in it to be one).
 */
export function hitsFrom(entries: readonly unknown[], hit: (entry: Record<string, unknown>) => FoundHit | null): FoundHit[] {
  return entries
    .map(asRecord)
    .map((entry) => (entry ? hit(entry) : null))
    .filter((found): found is FoundHit => found !== null)
    .slice(0, SOURCE_HITS_MAX);
}

/** Builds a hit's fields, leaving out empty and repeated texts (a field is absent rather than empty). */
export function hitFields(
  entries: Partial<Record<ImportField, (string | null | undefined)[] | string | null | undefined>>,
): FoundHit['fields'] {
  const fields: FoundHit['fields'] = {};
  for (const [field, value] of Object.entries(entries) as [ImportField, (string | null | undefined)[] | string | null | undefined][]) {
    const list = (Array.isArray(value) ? value : [value]).map((t) => t?.trim()).filter((t): t is string => !!t);
    const distinct = [...new Set(list)];
    if (distinct.length > 0) fields[field] = distinct;
  }
  return fields;
}

/** An http address as https (Google Books and others still answer http for pictures served over both). */
export const secure = (address: string | null | undefined): string | null =>
  address?.replace(/^http:\/\/(?!127\.0\.0\.1|localhost)/, 'https://') ?? null;
