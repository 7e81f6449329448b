// Griffith's XML export (its "XML" export plugin): a root (<root>, or <griffith><movies>) holding one
// <movie> per film with a child element per column: number, title, o_title, director, year, rating
// (0–10), runtime, seen, cast ("Name as Role" a line)… and <image>, the relative path of the poster it
// wrote beside the file (./posters/<md5>.jpg), found again by its name in a zip.
import { halveRating, putValues, sourceField, type SourceField, type SourceRecord } from './source';
import { child, type XmlElement } from './xml';

export const GRIFFITH_RECORD = 'movie';

/** <griffith>, or a <root> whose first <movie> starts with Griffith's columns. */
export const isGriffithHead = (head: string) =>
  /<griffith[\s>]/.test(head) || /<root>\s*<movie>\s*<(number|o_title|title|movies_number)>/.test(head);

export const GRIFFITH_FIELDS: SourceField[] = [
  sourceField('title', 'Title', 'text', 'title'),
  sourceField('o_title', 'Original title', 'text', 'original_title'),
  sourceField('image', 'Poster', 'image', 'poster'),
  sourceField('director', 'Director', 'text', 'directors', true),
  sourceField('cast', 'Cast', 'text', 'cast', true),
  sourceField('year', 'Year', 'number', 'year'),
  sourceField('runtime', 'Runtime', 'number', 'runtime'),
  sourceField('genre', 'Genre', 'text', 'genre', true),
  sourceField('media', 'Media', 'text', 'format'),
  sourceField('plot', 'Plot', 'longtext', 'synopsis'),
  sourceField('seen', 'Seen', 'yesno', 'watched'),
  sourceField('rating', 'Rating', 'rating', 'rating'),
  sourceField('number', 'Number', 'number'),
  sourceField('classification', 'Classification', 'text'),
  sourceField('country', 'Country', 'text'),
  sourceField('studio', 'Studio', 'text'),
  sourceField('loaned', 'Loaned', 'yesno'),
  sourceField('site', 'Site', 'url'),
  sourceField('o_site', 'Official site', 'url'),
  sourceField('trailer', 'Trailer', 'url'),
  sourceField('notes', 'Notes', 'longtext'),
  sourceField('volume', 'Volume', 'text'),
  sourceField('collection', 'Collection', 'text'),
];

/** A column's text; Griffith names joined columns with their table (media_name or media.name). */
function textOf(movie: XmlElement, key: string): string | undefined {
  const element =
    child(movie, key) ??
    child(movie, `movies_${key}`) ??
    child(movie, `${key}_name`) ??
    child(movie, `${key}.name`) ??
    child(movie, `${key}s_name`) ??
    child(movie, `${key}s.name`);
  return element?.text.trim() || undefined;
}

/** True, 1 or False, 0 as Griffith writes its booleans. */
const yesNo = (text: string) => String(/^(true|1)$/i.test(text));

export function griffithRecord(row: number, movie: XmlElement): SourceRecord {
  const values: Record<string, string[]> = {};
  for (const field of GRIFFITH_FIELDS) {
    let text = textOf(movie, field.key);
    // Older exports name the poster by its checksum alone.
    if (field.key === 'image' && !text) text = textOf(movie, 'poster_md5')?.concat('.jpg');
    if (text === undefined) continue;
    if (field.key === 'cast')
      putValues(
        values,
        field.key,
        text.split(/\r?\n/).map((line) => line.split(/\s+as\s+/)[0]),
      );
    else if (field.key === 'genre') putValues(values, field.key, text.split(/\s*[,/]\s*/));
    else if (field.multiple) putValues(values, field.key, text.split(/\s*,\s*/));
    else if (field.type === 'yesno') putValues(values, field.key, [yesNo(text)]);
    else if (field.type === 'rating') putValues(values, field.key, [halveRating(text)]);
    else putValues(values, field.key, [text]);
  }
  return { row, id: textOf(movie, 'number') ?? null, values };
}
