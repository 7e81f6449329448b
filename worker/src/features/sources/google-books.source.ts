// Google Books (googleapis.com, Books API v1), key optional: without one it answers on a shared anonymous
// quota, and 429 (read as 'busy') once that is used up. One volume per edition, words and ISBNs asked the
// same way (an ISBN as `isbn:<code>`); an answer without `items` is a search that found nothing.
import {
  asArray,
  asRecord,
  asText,
  fetchSourceJson,
  hitFields,
  hitsFrom,
  secure,
  SOURCE_HITS_MAX,
  sourceBase,
  SourceFailure,
  textsOf,
  yearOf,
  type FoundHit,
  type MetadataSource,
  type SourceContext,
} from './source';

const base = (ctx: SourceContext) => sourceBase(ctx.env, 'googlebooks', 'https://www.googleapis.com');

/** The volume's ISBN of one type ('ISBN_13', 'ISBN_10'), from its industry identifiers. */
function isbnOf(identifiers: unknown, type: string): string | null {
  const found = asArray(identifiers)
    .map((entry) => asRecord(entry))
    .find((entry) => asText(entry?.type) === type);
  return asText(found?.identifier);
}

/** The thumbnail without its page-curl effect, which Google draws onto the picture. */
function coverOf(imageLinks: unknown): string | null {
  const thumbnail = asText(asRecord(imageLinks)?.thumbnail);
  return secure(thumbnail?.replace('&edge=curl', ''));
}

function volumeHit(item: Record<string, unknown>, code: string | null): FoundHit | null {
  const id = asText(item.id);
  const info = asRecord(item.volumeInfo);
  const title = asText(info?.title);
  if (!id || !info || !title) return null;
  return {
    source: 'googlebooks',
    id,
    title,
    fields: hitFields({
      title,
      subtitle: asText(info.subtitle),
      authors: textsOf(info.authors),
      publisher: asText(info.publisher),
      year: yearOf(asText(info.publishedDate)),
      summary: asText(info.description),
      isbn: isbnOf(info.industryIdentifiers, 'ISBN_13') ?? isbnOf(info.industryIdentifiers, 'ISBN_10') ?? code,
      pages: asText(info.pageCount),
      genre: textsOf(info.categories),
      language: asText(info.language),
      cover: coverOf(info.imageLinks),
      link: asText(info.infoLink),
    }),
  };
}

/** The volumes answering `q`; `code` is the ISBN asked, kept when a volume lists none. */
async function volumes(ctx: SourceContext, q: string, code: string | null): Promise<FoundHit[]> {
  const key = ctx.key ? `&key=${encodeURIComponent(ctx.key)}` : '';
  const fetched = await fetchSourceJson(ctx.env, `${base(ctx)}/books/v1/volumes?q=${q}&maxResults=${SOURCE_HITS_MAX}${key}`);
  // 404 is "nothing", as for every source.
  if (fetched === null) return [];
  const answer = asRecord(fetched);
  if (!answer) throw new SourceFailure('malformed');
  // Google leaves `items` out when nothing matched.
  if (answer.items === undefined) return [];
  if (!Array.isArray(answer.items)) throw new SourceFailure('malformed');
  return hitsFrom(answer.items, (item) => volumeHit(item, code));
}

export const googleBooks: MetadataSource = {
  id: 'googlebooks',
  name: 'Google Books',
  key: 'optional',
  barcodes: true,
  search(ctx, words) {
    return volumes(ctx, encodeURIComponent(words), null);
  },
  lookUpCode(ctx, code) {
    return volumes(ctx, `isbn:${code}`, code);
  },
};
