// GCstar's .gcs files: <collection type="GCbooks|GCfilms|GCcomics|GCboardgames|…">, the fields the
// person added (<userCollection><fields>), then one <item> per thing. A value is an attribute, an element
// (long texts), or a list of <line><col> rows (authors, genres; the first column is the value). Dates
// are day first; ratings run 0–10; pictures are file paths, found again by their name in a zip.
import type { PropertyType, TemplateType } from '../catalogue';
import { dayFirstDate, halveRating, putValues, sourceField, type SourceField, type SourceRecord } from './source';
import { child, childrenOf, type XmlElement } from './xml';

export const GCSTAR_RECORD = 'item';

/** The root element GCstar writes, with its model's name. */
export const isGcstarHead = (head: string) => /<collection\s[^>]*type="GC\w+"/.test(head);

/** How a field's texts read: as they are, day-first dates, a 0–10 rating, a list split at commas. */
type Reading = 'plain' | 'date' | 'rating10' | 'commas' | 'year';

interface ModelField {
  field: SourceField;
  reading: Reading;
}

const f = (key: string, label: string, type: PropertyType, target?: string, multiple = false, reading: Reading = 'plain'): ModelField => ({
  field: sourceField(key, label, type, target, multiple),
  reading,
});

/** The fields of GCstar's four models that have a place in Vitrine's templates, and a few more. */
const MODELS: Record<string, { type: TemplateType; fields: ModelField[] }> = {
  GCbooks: {
    type: 'books',
    fields: [
      f('title', 'Title', 'text', 'title'),
      f('isbn', 'ISBN', 'text', 'isbn'),
      f('cover', 'Cover', 'image', 'cover'),
      f('authors', 'Authors', 'text', 'authors', true, 'commas'),
      f('publisher', 'Publisher', 'text', 'publisher'),
      f('publication', 'Publication', 'number', 'year', false, 'year'),
      f('language', 'Language', 'text', 'language'),
      f('serie', 'Series', 'text', 'series'),
      f('rank', 'Rank', 'number', 'series_number'),
      f('edition', 'Edition', 'text'),
      f('format', 'Format', 'text', 'format'),
      f('genre', 'Genre', 'text', 'genre', true, 'commas'),
      f('description', 'Description', 'longtext', 'summary'),
      f('pages', 'Pages', 'number', 'pages'),
      f('read', 'Read', 'yesno', 'read'),
      f('rating', 'Rating', 'rating', 'rating', false, 'rating10'),
      f('translator', 'Translator', 'text'),
      f('location', 'Location', 'text'),
      f('acquisition', 'Acquisition', 'date', undefined, false, 'date'),
      f('added', 'Added', 'date', undefined, false, 'date'),
      f('comments', 'Comments', 'longtext'),
      f('web', 'Web page', 'url'),
      f('tags', 'Tags', 'text', undefined, true, 'commas'),
    ],
  },
  GCcomics: {
    type: 'comics',
    fields: [
      f('name', 'Name', 'text', 'title'),
      f('image', 'Cover', 'image', 'cover'),
      f('series', 'Series', 'text', 'series'),
      f('volume', 'Volume', 'number', 'issue'),
      f('title', 'Story', 'text'),
      f('writer', 'Writer', 'text', 'writers', true, 'commas'),
      f('illustrator', 'Illustrator', 'text', 'artists', true, 'commas'),
      f('colourist', 'Colourist', 'text', 'colorists', true, 'commas'),
      f('publisher', 'Publisher', 'text', 'publisher'),
      f('publishdate', 'Publication', 'number', 'year', false, 'year'),
      f('isbn', 'ISBN', 'text', 'isbn'),
      f('synopsis', 'Synopsis', 'longtext', 'summary'),
      f('signing', 'Signed', 'yesno', 'signed'),
      f('rating', 'Rating', 'rating', 'rating', false, 'rating10'),
      f('collection', 'Collection', 'text'),
      f('category', 'Category', 'text'),
      f('format', 'Format', 'text'),
      f('numberboards', 'Pages', 'number'),
      f('cost', 'Cost', 'number'),
      f('added', 'Added', 'date', undefined, false, 'date'),
      f('comment', 'Comments', 'longtext'),
      f('webPage', 'Web page', 'url'),
      f('tags', 'Tags', 'text', undefined, true, 'commas'),
    ],
  },
  GCfilms: {
    type: 'movies',
    fields: [
      f('title', 'Title', 'text', 'title'),
      f('original', 'Original title', 'text', 'original_title'),
      f('image', 'Poster', 'image', 'poster'),
      f('director', 'Director', 'text', 'directors', true, 'commas'),
      f('actors', 'Actors', 'text', 'cast', true, 'commas'),
      f('date', 'Release', 'number', 'year', false, 'year'),
      f('time', 'Runtime', 'number', 'runtime'),
      f('genre', 'Genre', 'text', 'genre', true, 'commas'),
      f('format', 'Format', 'text', 'format'),
      f('identifier', 'Identifier', 'text', 'barcode'),
      f('synopsis', 'Synopsis', 'longtext', 'synopsis'),
      f('seen', 'Seen', 'yesno', 'watched'),
      f('rating', 'Rating', 'rating', 'rating', false, 'rating10'),
      f('country', 'Country', 'text', undefined, true, 'commas'),
      f('age', 'Minimum age', 'number'),
      f('serie', 'Series', 'text'),
      f('place', 'Location', 'text'),
      f('added', 'Added', 'date', undefined, false, 'date'),
      f('comment', 'Comments', 'longtext'),
      f('webPage', 'Web page', 'url'),
      f('tags', 'Tags', 'text', undefined, true, 'commas'),
    ],
  },
  GCboardgames: {
    type: 'board_games',
    fields: [
      f('name', 'Name', 'text', 'title'),
      f('boxpic', 'Box', 'image', 'cover'),
      f('original', 'Original name', 'text'),
      f('designedby', 'Designed by', 'text', 'designers', true, 'commas'),
      f('illustratedby', 'Illustrated by', 'text', 'artists', true, 'commas'),
      f('publishedby', 'Published by', 'text', 'publisher'),
      f('players', 'Players', 'text'),
      f('playingtime', 'Playing time', 'number', 'play_time'),
      f('suggestedage', 'Suggested age', 'number', 'age'),
      f('released', 'Released', 'number', 'year', false, 'year'),
      f('description', 'Description', 'longtext', 'description'),
      f('mechanics', 'Mechanics', 'text', 'mechanics', true, 'commas'),
      f('completecontents', 'Complete', 'yesno', 'complete'),
      f('rating', 'Rating', 'rating', 'rating', false, 'rating10'),
      f('category', 'Category', 'text', undefined, true, 'commas'),
      f('expandedby', 'Expanded by', 'text', undefined, true, 'commas'),
      f('expansionfor', 'Expansion for', 'text', undefined, true, 'commas'),
      f('gamefamily', 'Game family', 'text', undefined, true, 'commas'),
      f('timesplayed', 'Times played', 'number'),
      f('copies', 'Copies', 'number'),
      f('added', 'Added', 'date', undefined, false, 'date'),
      f('comments', 'Comments', 'longtext'),
      f('web', 'Web page', 'url'),
      f('tags', 'Tags', 'text', undefined, true, 'commas'),
    ],
  },
};

/** A field the person added in GCstar, by GCstar's type. */
function userField(element: XmlElement): ModelField | null {
  const key = element.attrs.value;
  if (!key) return null;
  const label = element.attrs.label || key;
  switch (element.attrs.type) {
    case 'yesno':
      return f(key, label, 'yesno');
    case 'number':
      return f(key, label, 'number');
    case 'long text':
      return f(key, label, 'longtext');
    case 'date':
      return f(key, label, 'date', undefined, false, 'date');
    case 'image':
      return f(key, label, 'image');
    case 'single list':
    case 'double list':
      return f(key, label, 'text', undefined, true, 'commas');
    default:
      return f(key, label, 'text');
  }
}

/** The fields of a GCstar file: its model's, then the person's own; and the template it fills. */
export function gcstarHead(root: XmlElement): { fields: SourceField[]; collectionType: TemplateType | null } {
  const model = MODELS[root.attrs.type ?? ''];
  const user = childrenOf(child(child(root, 'userCollection'), 'fields'), 'field')
    .map(userField)
    .filter((u): u is ModelField => u !== null);
  const fields = [...(model?.fields ?? [f('title', 'Title', 'text', 'title'), f('name', 'Name', 'text', 'title')]), ...user];
  return { fields: fields.map((m) => ({ ...m.field, ...(m.reading !== 'plain' && { reading: m.reading }) })), collectionType: model?.type ?? null };
}

/**
 * A value's texts: the attribute, or the element's text, or the first column of each of its lines (a
 * list already split, where a comma belongs to the value: "Collins, Suzanne").
 */
function texts(item: XmlElement, key: string): { texts: string[]; lines: boolean } {
  const attr = item.attrs[key];
  if (attr !== undefined) return { texts: [attr], lines: false };
  const element = child(item, key);
  if (!element) return { texts: [], lines: false };
  const lines = childrenOf(element, 'line');
  if (lines.length > 0) return { texts: lines.map((line) => child(line, 'col')?.text ?? ''), lines: true };
  return { texts: [element.text], lines: false };
}

/** GCstar writes <br/> as text in its long fields. */
const plainText = (text: string) => text.replace(/<br\s*\/?>/gi, '\n').replace(/\n[ \t]+/g, '\n').trim();

function read(text: string, reading: Reading | undefined): string[] {
  switch (reading) {
    case 'date':
      return [dayFirstDate(text)];
    case 'year':
      return [/\b(\d{4})\b/.exec(text)?.[1] ?? text];
    case 'rating10':
      return [halveRating(text) ?? ''];
    case 'commas':
      return text.split(/,\s*/);
    default:
      return [text];
  }
}

/** A field as the head keeps it, with how its texts read. */
export type GcstarField = SourceField & { reading?: Reading };

export function gcstarRecord(row: number, item: XmlElement, fields: readonly GcstarField[]): SourceRecord {
  const values: Record<string, string[]> = {};
  for (const field of fields) {
    const value = texts(item, field.key);
    const reading = value.lines && field.reading === 'commas' ? 'plain' : field.reading;
    const found = value.texts.flatMap((t) => read(field.type === 'longtext' ? plainText(t) : t, reading));
    // 0 is GCstar's "no rating", and a picture's value is its path: the name finds it in the archive.
    const kept = field.type === 'image' ? found.map((t) => t.split(/[\\/]/).pop() ?? t) : found;
    putValues(values, field.key, kept);
  }
  const id = item.attrs.id?.trim() || null;
  return { row, id, values };
}
