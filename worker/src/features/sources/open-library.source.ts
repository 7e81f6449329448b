// Open Library (openlibrary.org), no key: its search API for words (one document per work, with the
// editions' ISBNs and publishers pooled) and its Books API for an ISBN (one edition, authors named).
import {
  asArray,
  asRecord,
  asText,
  fetchSourceJson,
  hitFields,
  hitsFrom,
  numberIn,
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

const SEARCH_FIELDS = 'key,title,subtitle,author_name,first_publish_year,publisher,isbn,cover_i,number_of_pages_median,language,subject';
/** Subjects beyond these are more noise than genre. */
const SUBJECTS_MAX = 5;

const base = (ctx: SourceContext) => sourceBase(ctx.env, 'openlibrary', 'https://openlibrary.org');
const coversBase = (ctx: SourceContext) => sourceBase(ctx.env, 'openlibrary-covers', 'https://covers.openlibrary.org');

/** The work's one ISBN for the item: the first ISBN-13 its editions list, else the first ISBN. */
function firstIsbn(isbns: string[]): string | undefined {
  return isbns.find((isbn) => /^97[89]\d{10}$/.test(isbn)) ?? isbns[0];
}

function searchHit(ctx: SourceContext, doc: Record<string, unknown>): FoundHit | null {
  const id = asText(doc.key);
  const title = asText(doc.title);
  if (!id || !title) return null;
  const cover = asText(doc.cover_i);
  return {
    source: 'openlibrary',
    id,
    title,
    fields: hitFields({
      title,
      subtitle: asText(doc.subtitle),
      authors: textsOf(doc.author_name),
      year: asText(doc.first_publish_year),
      publisher: textsOf(doc.publisher)[0],
      isbn: firstIsbn(textsOf(doc.isbn)),
      pages: asText(doc.number_of_pages_median),
      language: textsOf(doc.language)[0],
      genre: textsOf(doc.subject).slice(0, SUBJECTS_MAX),
      cover: cover && /^\d+$/.test(cover) ? `${coversBase(ctx)}/b/id/${cover}-L.jpg` : null,
      link: `https://openlibrary.org${id}`,
    }),
  };
}

const namesOf = (value: unknown) =>
  asArray(value)
    .map((entry) => asText(asRecord(entry)?.name))
    .filter((t): t is string => t !== null);

function editionHit(code: string, edition: Record<string, unknown>): FoundHit | null {
  const id = asText(edition.key) ?? asText(edition.url);
  const title = asText(edition.title);
  if (!id || !title) return null;
  const identifiers = asRecord(edition.identifiers);
  const cover = asRecord(edition.cover);
  return {
    source: 'openlibrary',
    id,
    title,
    fields: hitFields({
      title,
      subtitle: asText(edition.subtitle),
      authors: namesOf(edition.authors),
      year: yearOf(asText(edition.publish_date)),
      publisher: namesOf(edition.publishers)[0],
      isbn: textsOf(identifiers?.isbn_13)[0] ?? code,
      pages: numberIn(asText(edition.number_of_pages)),
      genre: namesOf(edition.subjects).slice(0, SUBJECTS_MAX),
      cover: secure(asText(cover?.large) ?? asText(cover?.medium)),
      link: id.startsWith('/') ? `https://openlibrary.org${id}` : id,
    }),
  };
}

export const openLibrary: MetadataSource = {
  id: 'openlibrary',
  name: 'Open Library',
  key: 'none',
  barcodes: true,
  async search(ctx, words) {
    const address = `${base(ctx)}/search.json?q=${encodeURIComponent(words)}&limit=${SOURCE_HITS_MAX}&fields=${SEARCH_FIELDS}`;
    const fetched = await fetchSourceJson(ctx.env, address);
    // 404 is "nothing", as for every source.
    if (fetched === null) return [];
    const answer = asRecord(fetched);
    if (!answer || !Array.isArray(answer.docs)) throw new SourceFailure('malformed');
    return hitsFrom(answer.docs, (doc) => searchHit(ctx, doc));
  },
  async lookUpCode(ctx, code) {
    const address = `${base(ctx)}/api/books?bibkeys=ISBN:${code}&format=json&jscmd=data`;
    const fetched = await fetchSourceJson(ctx.env, address);
    if (fetched === null) return [];
    const answer = asRecord(fetched);
    if (!answer) throw new SourceFailure('malformed');
    // An ISBN Open Library does not know answers {}.
    const edition = asRecord(answer[`ISBN:${code}`]);
    const hit = edition ? editionHit(code, edition) : null;
    return hit ? [hit] : [];
  },
};
