// The standard fields of Tellico's music collections (src/collections, type 4): what a file that says
// only <field name="_default"/> holds. Each is [name, title, Tellico field type, flags].
import type { TellicoDefault } from './types';

export const TELLICO_MUSIC: TellicoDefault[] = [
  ['title', 'Album', 1, 8],
  ['medium', 'Medium', 3, 2],
  ['artist', 'Artist', 1, 7],
  ['label', 'Label', 1, 7],
  ['year', 'Year', 6, 2],
  ['genre', 'Genre', 1, 7],
  ['track', 'Tracks', 8, 0],
  ['rating', 'Rating', 14, 2],
  ['pur_date', 'Purchase Date', 1, 0],
  ['gift', 'Gift', 4, 0],
  ['pur_price', 'Purchase Price', 1, 0],
  ['loaned', 'Loaned', 4, 0],
  ['keyword', 'Keywords', 1, 7],
  ['cover', 'Cover', 10, 0],
  ['comments', 'Comments', 2, 0],
  ['id', 'ID', 6, 32],
  ['cdate', 'Date Created', 12, 16],
  ['mdate', 'Date Modified', 12, 16],
];
