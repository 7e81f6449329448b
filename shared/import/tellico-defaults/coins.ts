// The standard fields of Tellico's coins collections (src/collections, type 8): what a file that says
// only <field name="_default"/> holds. Each is [name, title, Tellico field type, flags].
import type { TellicoDefault } from './types';

export const TELLICO_COINS: TellicoDefault[] = [
  ['title', 'Title', 1, 40],
  ['type', 'Type', 1, 6],
  ['denomination', 'Denomination', 1, 6],
  ['year', 'Year', 6, 3],
  ['mintmark', 'Mint Mark', 1, 2],
  ['country', 'Country', 1, 6],
  ['currency', 'Currency', 1, 6],
  ['set', 'Coin Set', 4, 0],
  ['grade', 'Grade', 3, 2],
  ['service', 'Grading Service', 3, 2],
  ['pur_date', 'Purchase Date', 1, 0],
  ['pur_price', 'Purchase Price', 1, 0],
  ['location', 'Location', 1, 6],
  ['gift', 'Gift', 4, 0],
  ['obverse', 'Obverse', 10, 0],
  ['reverse', 'Reverse', 10, 0],
  ['comments', 'Comments', 2, 0],
  ['id', 'ID', 6, 32],
  ['cdate', 'Date Created', 12, 16],
  ['mdate', 'Date Modified', 12, 16],
];
