// TMDB (themoviedb.org), with a key: its movie search for words, then each of the first results' details
// (directors, cast, runtime, genres by name, which the list lacks) in the language asked for. TMDB has
// no barcode look-up. A v4 read access token goes in the Authorization header, a v3 key in the query.
import {
  asArray,
  asRecord,
  asText,
  fetchSourceJson,
  hitFields,
  SOURCE_HITS_MAX,
  sourceBase,
  SourceFailure,
  yearOf,
  type FoundHit,
  type MetadataSource,
  type SourceContext,
} from './source';

/** Results whose details are fetched: each is one more request, and people mostly pick among the first. */
const DETAILED_MAX = 5;
const CAST_MAX = 10;

const base = (ctx: SourceContext) => sourceBase(ctx.env, 'tmdb', 'https://api.themoviedb.org');
const imagesBase = (ctx: SourceContext) => sourceBase(ctx.env, 'tmdb-images', 'https://image.tmdb.org');
const language = (ctx: SourceContext) => (ctx.locale === 'fr_FR' ? 'fr-FR' : 'en-US');

/** A v4 read access token is a JWT (three base64url parts); anything else is a v3 API key. */
const isToken = (key: string) => /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(key);

/** `path` (with its query) at TMDB, the key put where its kind goes. */
async function fetchTmdb(ctx: SourceContext, path: string): Promise<Record<string, unknown> | null> {
  const key = ctx.key;
  if (!key) throw new SourceFailure('needs_key');
  const token = isToken(key);
  const address = `${base(ctx)}${path}${token ? '' : `&api_key=${encodeURIComponent(key)}`}`;
  return asRecord(await fetchSourceJson(ctx.env, address, token ? { authorization: `Bearer ${key}` } : {}));
}

const namesOf = (value: unknown) =>
  asArray(value)
    .map((entry) => asText(asRecord(entry)?.name))
    .filter((t): t is string => t !== null);

/** The cast in billing order (TMDB's `order`), first ones only. */
function castOf(credits: Record<string, unknown> | null): string[] {
  const cast = asArray(credits?.cast).flatMap((entry) => {
    const member = asRecord(entry);
    const name = asText(member?.name);
    return member && name ? [{ name, order: typeof member.order === 'number' ? member.order : Number.MAX_SAFE_INTEGER }] : [];
  });
  return cast
    .sort((a, b) => a.order - b.order)
    .slice(0, CAST_MAX)
    .map((member) => member.name);
}

/** A movie from the search's result, with its details merged over it when they came. */
function movieHit(ctx: SourceContext, result: Record<string, unknown>, details: Record<string, unknown> | null): FoundHit | null {
  // The details' text where they have one, else the search's.
  const text = (name: string) => asText(details?.[name]) ?? asText(result[name]);
  const id = asText(result.id);
  const title = text('title');
  if (!id || !title) return null;
  const originalTitle = text('original_title');
  const poster = text('poster_path');
  const credits = asRecord(details?.credits);
  const runtime = asText(details?.runtime);
  return {
    source: 'tmdb',
    id,
    title,
    fields: hitFields({
      title,
      original_title: originalTitle !== title ? originalTitle : null,
      year: yearOf(text('release_date')),
      summary: text('overview'),
      cover: poster?.startsWith('/') ? `${imagesBase(ctx)}/t/p/w500${poster}` : null,
      directors: asArray(credits?.crew).flatMap((entry) => {
        const member = asRecord(entry);
        return member?.job === 'Director' ? [asText(member.name)] : [];
      }),
      cast: castOf(credits),
      // TMDB writes 0 for a runtime it does not know.
      runtime: runtime && runtime !== '0' ? runtime : null,
      genre: namesOf(details?.genres),
      link: `https://www.themoviedb.org/movie/${id}`,
    }),
  };
}

export const tmdb: MetadataSource = {
  id: 'tmdb',
  name: 'TMDB (The Movie Database)',
  key: 'required',
  barcodes: false,
  async search(ctx, words) {
    const lang = language(ctx);
    const answer = await fetchTmdb(ctx, `/3/search/movie?query=${encodeURIComponent(words)}&include_adult=false&language=${lang}`);
    if (!answer || !Array.isArray(answer.results)) throw new SourceFailure('malformed');
    const results = answer.results
      .map((result) => asRecord(result))
      .filter((result): result is Record<string, unknown> => result !== null && asText(result.id) !== null)
      .slice(0, SOURCE_HITS_MAX);
    const details = await Promise.all(
      results.slice(0, DETAILED_MAX).map(async (result) => {
        const id = asText(result.id);
        if (!id || !/^\d+$/.test(id)) return null;
        try {
          return await fetchTmdb(ctx, `/3/movie/${id}?append_to_response=credits&language=${lang}`);
        } catch (err) {
          // One movie's details missing still leaves what the search said of it.
          if (err instanceof SourceFailure) return null;
          throw err;
        }
      }),
    );
    return results.map((result, i) => movieHit(ctx, result, details[i] ?? null)).filter((hit): hit is FoundHit => hit !== null);
  },
  lookUpCode: () => Promise.resolve([]),
};
