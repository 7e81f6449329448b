// Ant Movie Catalog's XML export (File › Export › XML): <AntMovieCatalog><Catalog><Contents> holding one
// <Movie …/> per film, every value an attribute. Lists (directors, countries, categories, actors) are
// texts split at commas; ratings run 0–10, written with the person's decimal mark; a picture is a file
// path, found again by its name in a zip. Version 4 adds fields of its own and the person's custom
// fields: declared once in <CustomFieldsProperties>, valued per film in a <CustomFields/> child.
// Its own .amc catalogues are binary: sniff.ts refuses them.
import type { PropertyType } from '../catalogue';
import { halveRating, putValues, importField, type ImportField, type ImportRecord } from './records';
import { child, childrenOf, type XmlElement } from './xml';

export const AMC_RECORD = 'Movie';

export const isAntMovieHead = (head: string) => /<AntMovieCatalog[\s>]/.test(head);

export const AMC_FIELDS: ImportField[] = [
  importField('Title', 'Title', 'text', 'title'),
  importField('OriginalTitle', 'Original title', 'text', 'original_title'),
  importField('Picture', 'Picture', 'image', 'poster'),
  importField('Director', 'Director', 'text', 'directors', true),
  importField('Actors', 'Actors', 'text', 'cast', true),
  importField('Year', 'Year', 'number', 'year'),
  importField('Length', 'Length', 'number', 'runtime'),
  importField('Category', 'Category', 'text', 'genre', true),
  importField('MediaType', 'Media type', 'text', 'format'),
  importField('Description', 'Description', 'longtext', 'synopsis'),
  importField('Rating', 'Rating', 'rating', 'rating'),
  importField('TranslatedTitle', 'Translated title', 'text'),
  importField('Number', 'Number', 'number'),
  importField('Checked', 'Checked', 'yesno'),
  importField('MediaLabel', 'Media label', 'text'),
  importField('Source', 'Source', 'text'),
  importField('Date', 'Date added', 'text'),
  importField('Borrower', 'Borrower', 'text'),
  importField('Producer', 'Producer', 'text', undefined, true),
  importField('Country', 'Country', 'text', undefined, true),
  importField('URL', 'URL', 'url'),
  importField('Comments', 'Comments', 'longtext'),
  importField('Languages', 'Languages', 'text', undefined, true),
  importField('Subtitles', 'Subtitles', 'text', undefined, true),
  importField('VideoFormat', 'Video format', 'text'),
  importField('AudioFormat', 'Audio format', 'text'),
  importField('Resolution', 'Resolution', 'text'),
  importField('Size', 'Size', 'text'),
  importField('Disks', 'Disks', 'number'),
  // Ant Movie Catalog 4.
  importField('UserRating', 'My rating', 'rating'),
  importField('DateWatched', 'Date watched', 'date'),
  importField('Writer', 'Writers', 'text', undefined, true),
  importField('Composer', 'Composer', 'text', undefined, true),
  importField('Certification', 'Certification', 'text'),
  importField('FilePath', 'File path', 'text'),
  importField('VideoBitrate', 'Video bitrate', 'text'),
  importField('AudioBitrate', 'Audio bitrate', 'text'),
  importField('Framerate', 'Frame rate', 'text'),
];

/** A custom field's key: apart from the built-in attributes, which may share a name with it. */
const CUSTOM = 'custom:';

/** Custom field types (ftVirtual is computed by the program from other fields: nothing to keep). */
const CUSTOM_TYPES: Record<string, PropertyType> = {
  ftString: 'text',
  ftList: 'text',
  ftText: 'longtext',
  ftInteger: 'number',
  ftReal: 'number',
  ftReal1: 'number',
  ftReal2: 'number',
  ftBoolean: 'yesno',
  ftDate: 'date',
  ftUrl: 'url',
};

/** The built-in fields, then the custom fields the catalogue declares before its films. */
export function antMovieHead(root: XmlElement): { fields: ImportField[]; collectionType: 'movies' } {
  const declared = childrenOf(child(child(root, 'Catalog'), 'CustomFieldsProperties'), 'CustomField');
  const custom = declared.flatMap(({ attrs }) => {
    const type = attrs.Type ? CUSTOM_TYPES[attrs.Type] : undefined;
    if (!attrs.Tag || !type) return [];
    return [importField(`${CUSTOM}${attrs.Tag}`, attrs.Name?.trim() || attrs.Tag, type)];
  });
  return { fields: [...AMC_FIELDS, ...custom], collectionType: 'movies' };
}

const LISTS = new Set(AMC_FIELDS.filter((f) => f.multiple).map((f) => f.key));

export function antMovieRecord(row: number, movie: XmlElement, fields: readonly ImportField[] = AMC_FIELDS): ImportRecord {
  const values: Record<string, string[]> = {};
  const attrs = movie.attrs;
  const custom = child(movie, 'CustomFields')?.attrs ?? {};
  for (const field of fields) {
    const text = field.key.startsWith(CUSTOM)
      ? custom[field.key.slice(CUSTOM.length)]
      : field.key === 'Title'
        ? attrs.TranslatedTitle || attrs.OriginalTitle || attrs.FormattedTitle
        : attrs[field.key];
    if (text === undefined) continue;
    if (LISTS.has(field.key)) putValues(values, field.key, text.split(/\s*[,\r\n]+\s*/));
    else if (field.type === 'rating') putValues(values, field.key, [halveRating(text.replace(',', '.'))]);
    else if (field.type === 'yesno') putValues(values, field.key, [String(/^(true|1)$/i.test(text.trim()))]);
    // Reals are written with the person's decimal mark.
    else if (field.type === 'number') putValues(values, field.key, [text.replace(',', '.')]);
    else putValues(values, field.key, [text]);
  }
  return { row, id: attrs.Number?.trim() || null, values };
}
