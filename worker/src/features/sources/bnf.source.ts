// The BnF's catalogue (catalogue.bnf.fr), no key: its SRU API searched in CQL, records asked in Dublin
// Core, an XML answer. Its texts are catalogue headings ("Title / Author ; translator", "Last, First
// (1965-....). Auteur du texte", "Publisher (City)") cut down here to what an item holds. It has no
// pictures: a hit with an ISBN gets Open Library's cover for that ISBN, which answers 404 when it has none.
import { child, childrenOf, readXmlDocument, type XmlElement } from '@shared/import/xml';
import { readCode } from '@shared/sources/codes';
import {
  fetchSourceText,
  hitFields,
  SOURCE_HITS_MAX,
  sourceBase,
  SourceFailure,
  yearOf,
  type FoundHit,
  type MetadataSource,
  type SourceContext,
} from './source';

/** Subjects beyond these are more noise than genre. */
const SUBJECTS_MAX = 5;
/** The role of a creator who wrote the book; translators, illustrators and prefacers are left out. */
const AUTHOR_ROLE = 'Auteur du texte';

const base = (ctx: SourceContext) => sourceBase(ctx.env, 'bnf', 'https://catalogue.bnf.fr');
const coversBase = (ctx: SourceContext) => sourceBase(ctx.env, 'openlibrary-covers', 'https://covers.openlibrary.org');

const textOf = (element: XmlElement | undefined) => element?.text.trim() || null;
const textsIn = (dc: XmlElement, name: string) =>
  childrenOf(dc, name)
    .map(textOf)
    .filter((t): t is string => t !== null);

/** "Title : subtitle / statement of responsibility": the title and subtitle. */
function titleOf(heading: string): { title: string; subtitle: string | null } {
  const [main = heading] = heading.split(' / ');
  const at = main.indexOf(' : ');
  if (at < 0) return { title: main.trim(), subtitle: null };
  return { title: main.slice(0, at).trim(), subtitle: main.slice(at + 3).trim() || null };
}

/** A role after a name without dates: a capitalised word and lower-case ones ("Sfar, Joann. Dessinateur"). */
const ROLE = /\.\s+(\p{Lu}\p{Ll}+(?:\s+[\p{Ll}'’]+)*)$/u;

/** "Rowling, J. K. (1965-....). Auteur du texte": the name as written ("J. K. Rowling") and the role. */
function creatorOf(heading: string): { name: string; role: string | null } {
  const dated = /^(.+?)\s*\([^)]*\)\.?\s*(.*)$/.exec(heading);
  const roled = dated ? null : ROLE.exec(heading);
  const written = (dated?.[1] ?? (roled ? heading.slice(0, roled.index + 1) : heading))
    .trim()
    // The heading's full stop, not an initial's ("J. K.").
    .replace(/(?<!(?:^|[\s.-])\p{L})\.$/u, '');
  const role = (dated?.[2] ?? roled?.[1] ?? '').trim() || null;
  const comma = written.indexOf(', ');
  const name = comma < 0 ? written : `${written.slice(comma + 2).trim()} ${written.slice(0, comma).trim()}`;
  return { name, role };
}

/** The authors among the creators; the first creator when none is named the author. */
function authorsOf(headings: string[]): string[] {
  const creators = headings.map(creatorOf);
  const authors = creators.filter((c) => c.role === null || c.role === AUTHOR_ROLE);
  return (authors.length > 0 ? authors : creators.slice(0, 1)).map((c) => c.name);
}

/** The ISBN among the identifiers ("ISBN 978-2-07-061275-8"), as an ISBN-13 when it reads as one. */
function isbnOf(identifiers: string[]): { isbn: string | null; isbn13: string | null } {
  const found = identifiers.map((text) => /^ISBN\s+([\dXx-]+)/.exec(text)?.[1]).find((t) => t !== undefined);
  if (!found) return { isbn: null, isbn13: null };
  const read = readCode(found);
  const isbn13 = read?.isbn ? read.code : null;
  return { isbn: isbn13 ?? found.replace(/-/g, ''), isbn13 };
}

function recordHit(ctx: SourceContext, dc: XmlElement): FoundHit | null {
  const identifiers = textsIn(dc, 'identifier');
  const ark = identifiers.map((text) => /ark:\/12148\/[a-z0-9]+/i.exec(text)?.[0]).find((t) => t !== undefined);
  const heading = textOf(child(dc, 'title'));
  if (!ark || !heading) return null;
  const { title, subtitle } = titleOf(heading);
  if (!title) return null;
  const { isbn, isbn13 } = isbnOf(identifiers);
  return {
    source: 'bnf',
    id: ark,
    title,
    fields: hitFields({
      title,
      subtitle,
      authors: authorsOf(textsIn(dc, 'creator')),
      publisher: textsIn(dc, 'publisher')[0]?.replace(/\s*\([^)]*\)\s*$/, ''),
      year: yearOf(textOf(child(dc, 'date'))),
      isbn,
      language: textsIn(dc, 'language')[0],
      pages: /(\d+) p\./.exec(textsIn(dc, 'format').join(' '))?.[1],
      summary: textsIn(dc, 'description')[0],
      genre: textsIn(dc, 'subject').slice(0, SUBJECTS_MAX),
      cover: isbn13 ? `${coversBase(ctx)}/b/isbn/${isbn13}-L.jpg?default=false` : null,
      link: `https://catalogue.bnf.fr/${ark}`,
    }),
  };
}

/** The records answering a CQL query. */
async function records(ctx: SourceContext, cql: string): Promise<FoundHit[]> {
  const address = `${base(ctx)}/api/SRU?version=1.2&operation=searchRetrieve&query=${encodeURIComponent(cql)}&recordSchema=dublincore&maximumRecords=${SOURCE_HITS_MAX}`;
  const text = await fetchSourceText(ctx.env, address, { accept: 'application/xml' });
  // 404 is "nothing", as for every source.
  if (text === null) return [];
  let root: XmlElement;
  try {
    root = readXmlDocument(text);
  } catch {
    throw new SourceFailure('malformed');
  }
  if (root.name !== 'searchRetrieveResponse') throw new SourceFailure('malformed');
  const list = child(root, 'records');
  if (!list) {
    // A search that found nothing may leave the records out altogether.
    if (textOf(child(root, 'numberOfRecords')) === '0') return [];
    throw new SourceFailure('malformed');
  }
  return childrenOf(list, 'record')
    .map((record) => child(child(record, 'recordData'), 'dc'))
    .flatMap((dc) => (dc ? [recordHit(ctx, dc)] : []))
    .filter((hit): hit is FoundHit => hit !== null)
    .slice(0, SOURCE_HITS_MAX);
}

export const bnf: MetadataSource = {
  id: 'bnf',
  name: 'BnF (Bibliothèque nationale de France)',
  key: 'none',
  barcodes: true,
  search(ctx, words) {
    // A double quote would end the CQL phrase early.
    return records(ctx, `bib.anywhere all "${words.replace(/"/g, '')}"`);
  },
  lookUpCode(ctx, code) {
    return records(ctx, `bib.isbn all "${code}"`);
  },
};
