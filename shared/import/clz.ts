// Collectorz (CLZ) XML exports: <bookinfo><booklist><book>, <movieinfo><movielist><movie> or
// <musicinfo><musiclist><music>. A value is an element's text, or a list's <displayname> (people are
// <person><displayname>); newer Book Collectors put the main fields in <mainsection>. Ratings run 0–10;
// pictures are Windows paths, found again by their file name in a zip.
import type { TemplateType } from '../catalogue';
import { halveRating, putValues, importField, type ImportField, type ImportRecord } from './records';
import { programLoan } from './loans';
import { child, childrenOf, type XmlElement } from './xml';

/** The root each Collector program writes, and the element of its items. */
const ROOTS = { bookinfo: 'book', movieinfo: 'movie', musicinfo: 'music' } as const;
type ClzRoot = keyof typeof ROOTS;

export const isClzHead = (head: string) => /<(bookinfo|movieinfo|musicinfo)[\s>]/.test(head);

/** The item element of a CLZ file, from its root. */
export function clzRecordName(head: string): string {
  const root = /<(bookinfo|movieinfo|musicinfo)[\s>]/.exec(head)?.[1] as ClzRoot | undefined;
  return ROOTS[root ?? 'bookinfo'];
}

/** A field's element, in the item or (Book Collector 19 and later) in its <mainsection>. */
const find = (item: XmlElement, name: string) => child(item, name) ?? child(child(item, 'mainsection'), name);

/** The first <displayname> inside an element (its own, or its <person>'s), else its text. */
function nameOf(element: XmlElement | undefined): string | undefined {
  if (!element) return undefined;
  const own = child(element, 'displayname') ?? child(child(element, 'person'), 'displayname');
  return own ? own.text : element.children.length === 0 ? element.text : undefined;
}

/** Each entry of a list (<genres><genre>…), by its display name. */
const namesOf = (list: XmlElement | undefined, entry: string) => childrenOf(list, entry).map(nameOf);

/** A yes/no as CLZ writes it: <readit boolvalue="1">Yes</readit>. */
const boolOf = (element: XmlElement | undefined) =>
  element?.attrs.boolvalue === undefined ? undefined : element.attrs.boolvalue === '1' ? 'true' : 'false';

/** A date's year: <year><displayname>1999</displayname></year>, or the first four digits of <date>. */
const yearOf = (element: XmlElement | undefined) =>
  nameOf(child(element, 'year')) ?? /\b\d{4}\b/.exec(child(element, 'date')?.text ?? '')?.[0];

/** A date CLZ splits in parts (<year><displayname>, <month>, <day>) as 2024-03-01, or its <date> text. */
function dateOf(element: XmlElement | undefined): string | undefined {
  const year = nameOf(child(element, 'year'));
  const month = child(element, 'month')?.text.trim();
  const day = child(element, 'day')?.text.trim();
  if (year && month && day) return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return child(element, 'date')?.text ?? (element?.children.length === 0 ? element.text : undefined);
}

/** The person's own rating: CLZ writes <myrating> twice (a number, then a display name); 0 is none. */
function ratingOf(item: XmlElement, name: string): string | undefined {
  const found = [...childrenOf(item, name), ...childrenOf(child(item, 'mainsection'), name)];
  return halveRating(found.map(nameOf).find((t) => t !== undefined && t.trim() !== ''));
}

/** A cover path, unless it is CLZ's generic placeholder. */
function pictureOf(element: XmlElement | undefined): string | undefined {
  const path = element?.text.trim();
  return path && !/^generic images[\\/]/i.test(path) ? path : undefined;
}

/** Crew members of one role (Director…), by <role> or <roleid>. */
const crewOf = (item: XmlElement, role: string) =>
  childrenOf(find(item, 'crew'), 'crewmember')
    .filter((m) => child(m, 'role')?.text.trim() === role || child(m, 'roleid')?.text.trim() === `df${role}`)
    .map(nameOf);

interface ClzField {
  field: ImportField;
  read: (item: XmlElement) => (string | undefined)[];
}

const f = (field: ImportField, read: (item: XmlElement) => (string | undefined)[]): ClzField => ({ field, read });
const text = (name: string) => (item: XmlElement) => [nameOf(find(item, name))];

/** What every Collector writes: where the item is, its state, notes and loan. */
const COMMON: ClzField[] = [
  f(importField('index', 'Index', 'number'), text('index')),
  f(importField('collectionstatus', 'Collection status', 'text'), text('collectionstatus')),
  f(importField('location', 'Location', 'text'), text('location')),
  f(importField('condition', 'Condition', 'text'), text('condition')),
  f(importField('tags', 'Tags', 'text', undefined, true), (i) => namesOf(find(i, 'tags'), 'tag')),
  f(importField('purchasedate', 'Purchase date', 'date'), (i) => [dateOf(find(i, 'purchasedate'))]),
  f(importField('purchaseprice', 'Purchase price', 'text'), text('purchaseprice')),
  f(importField('notes', 'Notes', 'longtext'), text('notes')),
  f(importField('loanedto', 'Loaned to', 'text'), (i) => [nameOf(child(find(i, 'loan'), 'loanedto') ?? find(i, 'loanedto'))]),
  f(importField('loandate', 'Loan date', 'date'), (i) => [dateOf(child(find(i, 'loan'), 'loandate') ?? find(i, 'loandate'))]),
  f(importField('duedate', 'Due date', 'date'), (i) => [dateOf(child(find(i, 'loan'), 'duedate') ?? find(i, 'duedate'))]),
];

const PROGRAMS: Record<string, { type: TemplateType | null; fields: ClzField[] }> = {
  book: {
    type: 'books',
    fields: [
      f(importField('title', 'Title', 'text', 'title'), text('title')),
      f(importField('subtitle', 'Sub title', 'text', 'subtitle'), text('subtitle')),
      f(importField('coverfront', 'Front cover', 'image', 'cover'), (i) => [pictureOf(find(i, 'coverfront'))]),
      f(importField('authors', 'Author', 'text', 'authors', true), (i) => namesOf(find(i, 'authors'), 'author')),
      f(importField('series', 'Series', 'text', 'series'), text('series')),
      f(importField('issuenr', 'Issue no.', 'number', 'series_number'), (i) => [nameOf(find(i, 'issuenr'))?.replace(/^0$/, '')]),
      f(importField('publisher', 'Publisher', 'text', 'publisher'), text('publisher')),
      f(importField('publicationdate', 'Publication year', 'number', 'year'), (i) => [yearOf(find(i, 'publicationdate'))]),
      f(importField('pagecount', 'No. of pages', 'number', 'pages'), text('pagecount')),
      f(importField('isbn', 'ISBN', 'text', 'isbn'), text('isbn')),
      f(importField('language', 'Language', 'text', 'language'), text('language')),
      f(importField('genres', 'Genre', 'text', 'genre', true), (i) => namesOf(find(i, 'genres'), 'genre')),
      f(importField('format', 'Format', 'text', 'format'), text('format')),
      f(importField('plot', 'Plot', 'longtext', 'summary'), text('plot')),
      f(importField('readit', 'Read it', 'yesno', 'read'), (i) => [boolOf(find(i, 'readit'))]),
      f(importField('myrating', 'My rating', 'rating', 'rating'), (i) => [ratingOf(i, 'myrating')]),
      ...COMMON,
    ],
  },
  movie: {
    type: 'movies',
    fields: [
      f(importField('title', 'Title', 'text', 'title'), text('title')),
      f(importField('originaltitle', 'Original title', 'text', 'original_title'), text('originaltitle')),
      f(importField('coverfront', 'Front cover', 'image', 'poster'), (i) => [pictureOf(find(i, 'coverfront'))]),
      f(importField('director', 'Director', 'text', 'directors', true), (i) => crewOf(i, 'Director')),
      f(importField('cast', 'Cast', 'text', 'cast', true), (i) => namesOf(find(i, 'cast'), 'star')),
      f(importField('releasedate', 'Release year', 'number', 'year'), (i) => [yearOf(find(i, 'releasedate'))]),
      f(importField('runtime', 'Runtime', 'number', 'runtime'), text('runtime')),
      f(importField('genres', 'Genre', 'text', 'genre', true), (i) => namesOf(find(i, 'genres'), 'genre')),
      f(importField('format', 'Format', 'text', 'format'), text('format')),
      f(importField('upc', 'Barcode', 'text', 'barcode'), text('upc')),
      f(importField('plot', 'Plot', 'longtext', 'synopsis'), text('plot')),
      f(importField('seenit', 'Seen it', 'yesno', 'watched'), (i) => [boolOf(find(i, 'seenit'))]),
      f(importField('myrating', 'My rating', 'rating', 'rating'), (i) => [ratingOf(i, 'myrating')]),
      f(importField('writer', 'Writer', 'text', undefined, true), (i) => crewOf(i, 'Writer')),
      f(importField('country', 'Country', 'text'), text('country')),
      f(importField('language', 'Language', 'text'), text('language')),
      f(importField('imdburl', 'IMDb', 'url'), text('imdburl')),
      ...COMMON,
    ],
  },
  music: {
    type: null,
    fields: [
      f(importField('title', 'Title', 'text', 'title'), text('title')),
      f(importField('coverfront', 'Front cover', 'image'), (i) => [pictureOf(find(i, 'coverfront'))]),
      f(importField('artists', 'Artist', 'text', undefined, true), (i) => namesOf(find(i, 'artists'), 'artist')),
      f(importField('releasedate', 'Release year', 'number'), (i) => [yearOf(find(i, 'releasedate'))]),
      f(importField('genres', 'Genre', 'text', undefined, true), (i) => namesOf(find(i, 'genres'), 'genre')),
      f(importField('label', 'Label', 'text'), text('label')),
      f(importField('format', 'Format', 'text'), text('format')),
      f(importField('upc', 'Barcode', 'text'), text('upc')),
      f(importField('nrtracks', 'Tracks', 'number'), text('nrtracks')),
      f(importField('length', 'Length', 'text'), text('length')),
      f(importField('myrating', 'My rating', 'rating'), (i) => [ratingOf(i, 'myrating') ?? ratingOf(i, 'rating')]),
      ...COMMON,
    ],
  },
};

const programOf = (record: string) => PROGRAMS[record] ?? PROGRAMS.book!;

/** The fields of a Collector's export and the template it fills, from its item element. */
export function clzHead(record: string): { fields: ImportField[]; collectionType: TemplateType | null } {
  const program = programOf(record);
  return { fields: program.fields.map((c) => c.field), collectionType: program.type };
}

/** An item; its reference is CLZ's own database id (<id>), else the index the person sees. */
export function clzRecord(row: number, item: XmlElement): ImportRecord {
  const values: Record<string, string[]> = {};
  for (const { field, read } of programOf(item.name).fields) putValues(values, field.key, read(item));
  const id = child(item, 'id')?.text.trim() || child(item, 'index')?.text.trim() || null;
  const loan = find(item, 'loan');
  const loans = programLoan({
    borrower: nameOf(child(loan, 'loanedto') ?? find(item, 'loanedto')),
    lentOn: dateOf(child(loan, 'loandate') ?? find(item, 'loandate')),
    dueOn: dateOf(child(loan, 'duedate') ?? find(item, 'duedate')),
    returnedOn: dateOf(child(loan, 'returndate')),
  });
  return { row, id, values, ...(loans.length > 0 && { loans }) };
}
