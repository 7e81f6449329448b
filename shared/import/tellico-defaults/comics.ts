// The standard fields of Tellico's comics collections (src/collections, type 6): what a file that says
// only <field name="_default"/> holds. Each is [name, title, Tellico field type, flags].
import type { TellicoDefault } from './types';

export const TELLICO_COMICS: TellicoDefault[] = [
  ['title', 'Title', 1, 8],
  ['subtitle', 'Subtitle', 1, 0],
  ['writer', 'Writer', 1, 7],
  ['artist', 'Artist', 1, 7],
  ['series', 'Series', 1, 6],
  ['issue', 'Issue', 6, 1],
  ['publisher', 'Publisher', 1, 6],
  ['edition', 'Edition', 1, 4],
  ['pub_year', 'Publication Year', 6, 2],
  ['pages', 'Pages', 6, 0],
  ['country', 'Country', 1, 7],
  ['language', 'Language', 1, 7],
  ['genre', 'Genre', 1, 7],
  ['keyword', 'Keywords', 1, 7],
  ['condition', 'Condition', 3, 2],
  ['pur_date', 'Purchase Date', 1, 0],
  ['pur_price', 'Purchase Price', 1, 0],
  ['signed', 'Signed', 4, 0],
  ['gift', 'Gift', 4, 0],
  ['loaned', 'Loaned', 4, 0],
  ['rating', 'Rating', 14, 2],
  ['cover', 'Front Cover', 10, 0],
  ['plot', 'Plot Summary', 2, 0],
  ['comments', 'Comments', 2, 0],
  ['id', 'ID', 6, 32],
  ['cdate', 'Date Created', 12, 16],
  ['mdate', 'Date Modified', 12, 16],
];
