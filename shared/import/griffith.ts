// Griffith's XML export (its "XML" export plugin): a root (<root>, or <griffith><movies>) holding one
// <movie> per film with a child element per column: number, title, o_title, director, year, rating
// (0–10), runtime, seen, cast ("Name as Role" a line)… and <image>, the relative path of the poster it
// wrote beside the file (./posters/<md5>.jpg), found again by its name in a zip.
import { halveRating, putValues, importField, type ImportField, type ImportRecord } from './records';
import { child, type XmlElement } from './xml';

export const GRIFFITH_RECORD = 'movie';

/** <griffith>, or a <root> whose first <movie> starts with Griffith's columns. */
export const isGriffithHead = (head: string) =>
  /<griffith[\s>]/.test(head) || /<root>\s*<movie>\s*<(number|o_title|title|movies_number)>/.test(head);

export const GRIFFITH_FIELDS: ImportField[] = [
  importField('title', 'Title', 'text', 'title'),
  importField('o_title', 'Original title', 'text', 'original_title'),
  importField('image', 'Poster', 'image', 'poster'),
  importField('director', 'Director', 'text', 'directors', true),
  importField('cast', 'Cast', 'text', 'cast', true),
  importField('year', 'Year', 'number', 'year'),
  importField('runtime', 'Runtime', 'number', 'runtime'),
  importField('genre', 'Genre', 'text', 'genre', true),
  importField('media', 'Media', 'text', 'format'),
  importField('plot', 'Plot', 'longtext', 'synopsis'),
  importField('seen', 'Seen', 'yesno', 'watched'),
  importField('rating', 'Rating', 'rating', 'rating'),
  importField('number', 'Number', 'number'),
  importField('classification', 'Classification', 'text'),
  importField('country', 'Country', 'text'),
  importField('studio', 'Studio', 'text'),
  importField('loaned', 'Loaned', 'yesno'),
  importField('site', 'Site', 'url'),
  importField('o_site', 'Official site', 'url'),
  importField('trailer', 'Trailer', 'url'),
  importField('notes', 'Notes', 'longtext'),
  importField('volume', 'Volume', 'text'),
  importField('collection', 'Collection', 'text'),
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

export function griffithRecord(row: number, movie: XmlElement): ImportRecord {
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
