// External metadata modules: a source outside Vitrine that the administrator registers by its base
// address B, answering a small JSON protocol (docs/guide/metadata-sources.md, "External metadata modules"):
//   GET B/manifest                 → { protocol: 1, name, version, types, barcodes, description?, sample? }
//   GET B/search?q=<words>&lang=   → { hits: [{ id, title, fields: { <SOURCE_FIELDS>: [text…] } }] }
//   GET B/code/<digits>?lang=      → the same, for an ISBN, EAN or UPC (check digit verified)
// Every answer is untrusted: fetched https only (the test allow-list aside) through the guarded fetch
// with small caps, validated whole by the schemas below; anything else is the problem `malformed`.
// Unknown members are ignored, so a module may say more than this version of the protocol reads.
import { z } from 'zod';
import type { Locale } from '@shared/constants';
import {
  EXTERNAL_DESCRIPTION_MAX_LENGTH,
  EXTERNAL_NAME_MAX_LENGTH,
  EXTERNAL_PROTOCOL_VERSION,
  EXTERNAL_TYPES,
  EXTERNAL_VERSION_MAX_LENGTH,
  SOURCE_FIELDS,
  externalSourceId,
  type ExternalType,
  type ImportField,
} from '@shared/schemas/sources';
import type { Env } from '@worker/env';
import { FetchRefused, allowedAddress, guardedFetch } from '@worker/lib/guarded-fetch';
import { SOURCE_HITS_MAX, SourceFailure, USER_AGENT, hitFields, sourceTimeoutMs, type FoundHit, type MetadataSource } from './source';

/** A manifest is a few lines; a page of hits, with summaries, a few tens of kilobytes. */
const MANIFEST_MAX_BYTES = 16 * 1024;
const ANSWER_MAX_BYTES = 512 * 1024;
const HIT_ID_MAX_LENGTH = 200;
const HIT_TITLE_MAX_LENGTH = 500;
/** Values of one field, and characters of one value (a summary is the longest). */
const FIELD_VALUES_MAX = 20;
const FIELD_VALUE_MAX_LENGTH = 4_000;
const SAMPLE_MAX_LENGTH = 200;

const typesOfManifest = z
  .array(z.string().max(40))
  .min(1)
  .max(10)
  // Types this Vitrine does not know are ignored (a newer template); "any" stands alone.
  .transform((types) => (types.includes('any') ? ['any' as const] : EXTERNAL_TYPES.filter((t) => types.includes(t))))
  .pipe(z.array(z.enum(EXTERNAL_TYPES)).min(1));

export const externalManifest = z.object({
  protocol: z.literal(EXTERNAL_PROTOCOL_VERSION),
  name: z.string().trim().min(1).max(EXTERNAL_NAME_MAX_LENGTH),
  version: z.string().trim().min(1).max(EXTERNAL_VERSION_MAX_LENGTH),
  types: typesOfManifest,
  barcodes: z.boolean(),
  description: z.string().trim().max(EXTERNAL_DESCRIPTION_MAX_LENGTH).optional(),
  /** Words it surely knows: the test of Configuration → Modules searches them (else the module's name). */
  sample: z.string().trim().min(1).max(SAMPLE_MAX_LENGTH).optional(),
});
export type ExternalManifest = z.infer<typeof externalManifest>;

const externalAnswer = z.object({
  hits: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(HIT_ID_MAX_LENGTH),
        title: z.string().trim().min(1).max(HIT_TITLE_MAX_LENGTH),
        fields: z
          .record(z.string().max(40), z.array(z.string().max(FIELD_VALUE_MAX_LENGTH)).max(FIELD_VALUES_MAX))
          .refine((fields) => Object.keys(fields).length <= SOURCE_FIELDS.length * 2)
          .optional(),
      }),
    )
    .max(SOURCE_HITS_MAX),
});

/** What Vitrine keeps of a registered module (a row of external_sources, its types read). */
export interface ExternalSourceRecord {
  id: number;
  address: string;
  name: string;
  barcodes: boolean;
  types: ExternalType[];
  enabled: boolean;
}

/**
 * A base address as it is registered: https (http only for the test allow-list's hosts), no private or
 * local address, no credentials, query or fragment; without its trailing slashes. Or why not.
 */
export function externalBase(env: Pick<Env, 'FETCH_ALLOW_HOSTS'>, raw: string): { address: string } | { problem: 'not_https' | 'address' } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: 'address' };
  }
  if (url.protocol === 'http:' && !allowedAddress(env, url.href, true)) return { problem: 'not_https' };
  if (url.search || url.hash || !allowedAddress(env, url.href, true)) return { problem: 'address' };
  return { address: url.href.replace(/\/+$/, '') };
}

/** Fetches a module's JSON (null for 404), or throws SourceFailure: a body too big or not JSON is `malformed`. */
async function fetchModuleJson(env: Env, address: string, maxBytes: number): Promise<unknown> {
  let fetched;
  try {
    fetched = await guardedFetch(env, address, {
      maxBytes,
      timeoutMs: sourceTimeoutMs(env),
      httpsOnly: true,
      headers: { accept: 'application/json', 'user-agent': USER_AGENT },
    });
  } catch (err) {
    if (!(err instanceof FetchRefused)) throw err;
    if (err.problem === 'fetch_status' && err.status === 404) return null;
    if (err.problem === 'fetch_timeout') throw new SourceFailure('timeout');
    if (err.problem === 'fetch_too_big') throw new SourceFailure('malformed');
    if (err.problem === 'fetch_status' && (err.status === 401 || err.status === 403)) throw new SourceFailure('refused', err.status);
    if (err.problem === 'fetch_status' && (err.status === 429 || err.status === 503)) throw new SourceFailure('busy', err.status);
    throw new SourceFailure('unreachable', err.status);
  }
  if (fetched.status !== 200) throw new SourceFailure('malformed', fetched.status);
  try {
    return JSON.parse(new TextDecoder().decode(fetched.bytes)) as unknown;
  } catch {
    throw new SourceFailure('malformed');
  }
}

/** The manifest at B/manifest, validated; anything else (404 included: not a module) is `malformed`. */
export async function readManifest(env: Env, address: string): Promise<ExternalManifest> {
  const parsed = externalManifest.safeParse(await fetchModuleJson(env, `${address}/manifest`, MANIFEST_MAX_BYTES));
  if (!parsed.success) throw new SourceFailure('malformed');
  return parsed.data;
}

const langOf = (locale: Locale) => locale.slice(0, 2);

/** A module's hits at one address: nothing for 404, else its answer read whole or `malformed`. */
async function askModule(env: Env, id: ReturnType<typeof externalSourceId>, address: string): Promise<FoundHit[]> {
  const json = await fetchModuleJson(env, address, ANSWER_MAX_BYTES);
  if (json === null) return [];
  const parsed = externalAnswer.safeParse(json);
  if (!parsed.success) throw new SourceFailure('malformed');
  return parsed.data.hits.map((hit) => {
    const known = Object.entries(hit.fields ?? {}).filter(([field]) => (SOURCE_FIELDS as readonly string[]).includes(field));
    return {
      source: id,
      id: hit.id,
      title: hit.title,
      fields: hitFields(Object.fromEntries(known) as Partial<Record<ImportField, string[]>>),
    };
  });
}

/** A registered module as a MetadataSource: searched and asked for codes like the built-in ones. */
export function externalSource(record: ExternalSourceRecord): MetadataSource {
  const id = externalSourceId(record.id);
  return {
    id,
    name: record.name,
    key: 'none',
    barcodes: record.barcodes,
    search: (ctx, words) => askModule(ctx.env, id, `${record.address}/search?q=${encodeURIComponent(words)}&lang=${langOf(ctx.locale)}`),
    lookUpCode: (ctx, code) => askModule(ctx.env, id, `${record.address}/code/${encodeURIComponent(code)}?lang=${langOf(ctx.locale)}`),
  };
}
