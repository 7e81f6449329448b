// Ant Movie Catalog's XML export (File › Export › XML): <AntMovieCatalog><Catalog><Contents> holding one
// <Movie …/> per film, every value an attribute. Lists (directors, countries, categories, actors) are
// texts split at commas; ratings run 0–10, written with the person's decimal mark; a picture is a file
// path, found again by its name in a zip. Version 4 adds fields of its own and the person's custom
// fields: declared once in <CustomFieldsProperties>, valued per film in a <CustomFields/> child.
// Its own .amc catalogues are binary: sniff.ts refuses them.
import type { PropertyType } from '../catalogue';
import { halveRating, putValues, sourceField, type SourceField, type SourceRecord } from './source';
import { child, childrenOf, type XmlElement } from './xml';

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
  // Ant Movie Catalog 4.
  sourceField('UserRating', 'My rating', 'rating'),
  sourceField('DateWatched', 'Date watched', 'date'),
  sourceField('Writer', 'Writers', 'text', undefined, true),
  sourceField('Composer', 'Composer', 'text', undefined, true),
  sourceField('Certification', 'Certification', 'text'),
  sourceField('FilePath', 'File path', 'text'),
  sourceField('VideoBitrate', 'Video bitrate', 'text'),
  sourceField('AudioBitrate', 'Audio bitrate', 'text'),
  sourceField('Framerate', 'Frame rate', 'text'),
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
export function antMovieHead(root: XmlElement): { fields: SourceField[]; collectionType: 'movies' } {
  const declared = childrenOf(child(child(root, 'Catalog'), 'CustomFieldsProperties'), 'CustomField');
  const custom = declared.flatMap(({ attrs }) => {
    const type = attrs.Type ? CUSTOM_TYPES[attrs.Type] : undefined;
    if (!attrs.Tag || !type) return [];
    return [sourceField(`${CUSTOM}${attrs.Tag}`, attrs.Name?.trim() || attrs.Tag, type)];
  });
  return { fields: [...AMC_FIELDS, ...custom], collectionType: 'movies' };
}

const LISTS = new Set(AMC_FIELDS.filter((f) => f.multiple).map((f) => f.key));

export function antMovieRecord(row: number, movie: XmlElement, fields: readonly SourceField[] = AMC_FIELDS): SourceRecord {
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
