// MusicBrainz (musicbrainz.org), no key: its WS/2 search of releases (one pressing of an album, with its
// barcode), in Lucene syntax. It asks clients to name themselves, which every source fetch does, and answers
// 503 (read as 'busy') past one request a second. Covers are the Cover Art Archive's, by release; a
// release without one answers 404 there, which the cover fetch handles.
import {
  asArray,
  asRecord,
  asText,
  fetchSourceJson,
  hitFields,
  hitsFrom,
  SOURCE_HITS_MAX,
  sourceBase,
  SourceFailure,
  yearOf,
  type FoundHit,
  type MetadataSource,
  type SourceContext,
} from './source';

const base = (ctx: SourceContext) => sourceBase(ctx.env, 'musicbrainz', 'https://musicbrainz.org');
const coversBase = (ctx: SourceContext) => sourceBase(ctx.env, 'musicbrainz-covers', 'https://coverartarchive.org');

/** The artists as the release credits them, else by their own names. */
const creditsOf = (value: unknown) =>
  asArray(value)
    .map((entry) => asRecord(entry))
    .map((credit) => asText(credit?.name) ?? asText(asRecord(credit?.artist)?.name))
    .filter((t): t is string => t !== null);

function releaseHit(ctx: SourceContext, release: Record<string, unknown>): FoundHit | null {
  const id = asText(release.id);
  const title = asText(release.title);
  if (!id || !title) return null;
  const label = asArray(release['label-info'])
    .map((info) => asText(asRecord(asRecord(info)?.label)?.name))
    .find((name) => name !== null);
  return {
    source: 'musicbrainz',
    id,
    title,
    fields: hitFields({
      title,
      // Music has no template; 'authors' reaches an "artists" or "authors" property by kindred keys.
      authors: creditsOf(release['artist-credit']),
      year: yearOf(asText(release.date)),
      publisher: label,
      barcode: asText(release.barcode),
      format: asText(asRecord(asArray(release.media)[0])?.format),
      cover: `${coversBase(ctx)}/release/${encodeURIComponent(id)}/front-500`,
      link: `https://musicbrainz.org/release/${encodeURIComponent(id)}`,
    }),
  };
}

/** The releases answering a Lucene query (already encoded). */
async function releases(ctx: SourceContext, query: string): Promise<FoundHit[]> {
  const fetched = await fetchSourceJson(ctx.env, `${base(ctx)}/ws/2/release?query=${query}&fmt=json&limit=${SOURCE_HITS_MAX}`);
  // 404 is "nothing", as for every source.
  if (fetched === null) return [];
  const answer = asRecord(fetched);
  if (!answer || !Array.isArray(answer.releases)) throw new SourceFailure('malformed');
  return hitsFrom(answer.releases, (release) => releaseHit(ctx, release));
}

export const musicBrainz: MetadataSource = {
  id: 'musicbrainz',
  name: 'MusicBrainz',
  key: 'none',
  barcodes: true,
  search(ctx, words) {
    return releases(ctx, encodeURIComponent(words));
  },
  lookUpCode(ctx, code) {
    return releases(ctx, `barcode:${code}`);
  },
};
