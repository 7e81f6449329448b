// The standard fields of Tellico's cards collections (src/collections, type 10): what a file that says
// only <field name="_default"/> holds. Each is [name, title, Tellico field type, flags].
import type { TellicoDefault } from './types';

export const TELLICO_CARDS: TellicoDefault[] = [
  ['title', 'Title', 1, 40],
  ['player', 'Player', 1, 7],
  ['team', 'Team', 1, 6],
  ['brand', 'Brand', 1, 6],
  ['number', 'Card Number', 1, 0],
  ['year', 'Year', 6, 2],
  ['series', 'Series', 1, 6],
  ['type', 'Card Type', 1, 6],
  ['pur_date', 'Purchase Date', 1, 0],
  ['pur_price', 'Purchase Price', 1, 0],
  ['location', 'Location', 1, 6],
  ['gift', 'Gift', 4, 0],
  ['keyword', 'Keywords', 1, 7],
  ['quantity', 'Quantity', 6, 0],
  ['front', 'Front Image', 10, 0],
  ['back', 'Back Image', 10, 0],
  ['comments', 'Comments', 2, 0],
  ['id', 'ID', 6, 32],
  ['cdate', 'Date Created', 12, 16],
  ['mdate', 'Date Modified', 12, 16],
];
