// Ant Movie Catalog's XML export (File › Export › XML): <AntMovieCatalog><Catalog><Contents> holding one
// <Movie …/> per film, every value an attribute. Lists (directors, countries, categories, actors) are
// texts split at commas; ratings run 0–10, written with the person's decimal mark; a picture is a file
// path, found again by its name in a zip. Its own .amc catalogues are binary: sniff.ts refuses them.
import { halveRating, putValues, sourceField, type SourceField, type SourceRecord } from './source';
import type { XmlElement } from './xml';

export const AMC_RECORD = 'Movie';

export const isAntMovieHead = (head: string) => /<AntMovieCatalog[\s>]/.test(head);

export const AMC_FIELDS: SourceField[] = [
  sourceField('Title', 'Title', 'text', 'title'),
  sourceField('OriginalTitle', 'Original title', 'text', 'original_title'),
  sourceField('Picture', 'Picture', 'image', 'poster'),
  sourceField('Director', 'Director', 'text', 'directors', true),
  sourceField('Actors', 'Actors', 'text', 'cast', true),
  sourceField('Year', 'Year', 'number', 'year'),
  sourceField('Length', 'Length', 'number', 'runtime'),
  sourceField('Category', 'Category', 'text', 'genre', true),
  sourceField('MediaType', 'Media type', 'text', 'format'),
  sourceField('Description', 'Description', 'longtext', 'synopsis'),
  sourceField('Rating', 'Rating', 'rating', 'rating'),
  sourceField('TranslatedTitle', 'Translated title', 'text'),
  sourceField('Number', 'Number', 'number'),
  sourceField('Checked', 'Checked', 'yesno'),
  sourceField('MediaLabel', 'Media label', 'text'),
  sourceField('Source', 'Source', 'text'),
  sourceField('Date', 'Date added', 'text'),
  sourceField('Borrower', 'Borrower', 'text'),
  sourceField('Producer', 'Producer', 'text', undefined, true),
  sourceField('Country', 'Country', 'text', undefined, true),
  sourceField('URL', 'URL', 'url'),
  sourceField('Comments', 'Comments', 'longtext'),
  sourceField('Languages', 'Languages', 'text', undefined, true),
  sourceField('Subtitles', 'Subtitles', 'text', undefined, true),
  sourceField('VideoFormat', 'Video format', 'text'),
  sourceField('AudioFormat', 'Audio format', 'text'),
  sourceField('Resolution', 'Resolution', 'text'),
  sourceField('Size', 'Size', 'text'),
  sourceField('Disks', 'Disks', 'number'),
];

const LISTS = new Set(AMC_FIELDS.filter((f) => f.multiple).map((f) => f.key));

export function antMovieRecord(row: number, movie: XmlElement): SourceRecord {
  const values: Record<string, string[]> = {};
  const attrs = movie.attrs;
  for (const field of AMC_FIELDS) {
    const text = field.key === 'Title' ? attrs.TranslatedTitle || attrs.OriginalTitle : attrs[field.key];
    if (text === undefined) continue;
    if (LISTS.has(field.key)) putValues(values, field.key, text.split(/\s*[,\r\n]+\s*/));
    else if (field.type === 'rating') putValues(values, field.key, [halveRating(text.replace(',', '.'))]);
    else if (field.type === 'yesno') putValues(values, field.key, [String(/^(true|1)$/i.test(text.trim()))]);
    else putValues(values, field.key, [text]);
  }
  return { row, id: attrs.Number?.trim() || null, values };
}
