// The standard fields of Tellico's video games collections (src/collections, type 11): what a file that says
// only <field name="_default"/> holds. Each is [name, title, Tellico field type, flags].
import type { TellicoDefault } from './types';

export const TELLICO_VIDEO_GAMES: TellicoDefault[] = [
  ['title', 'Title', 1, 8],
  ['platform', 'Platform', 3, 2],
  ['genre', 'Genre', 1, 7],
  ['year', 'Release Year', 6, 2],
  ['publisher', 'Publisher', 1, 7],
  ['developer', 'Developer', 1, 7],
  ['certification', 'ESRB Rating', 1, 2],
  ['description', 'Description', 2, 0],
  ['rating', 'Personal Rating', 14, 2],
  ['completed', 'Completed', 4, 0],
  ['pur_date', 'Purchase Date', 1, 0],
  ['gift', 'Gift', 4, 0],
  ['pur_price', 'Purchase Price', 1, 0],
  ['loaned', 'Loaned', 4, 0],
  ['cover', 'Cover', 10, 0],
  ['comments', 'Comments', 2, 0],
  ['id', 'ID', 6, 32],
  ['cdate', 'Date Created', 12, 16],
  ['mdate', 'Date Modified', 12, 16],
];
