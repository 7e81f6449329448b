// The standard fields of Tellico's stamps collections (src/collections, type 9): what a file that says
// only <field name="_default"/> holds. Each is [name, title, Tellico field type, flags].
import type { TellicoDefault } from './types';

export const TELLICO_STAMPS: TellicoDefault[] = [
  ['title', 'Title', 1, 40],
  ['description', 'Description', 1, 6],
  ['denomination', 'Denomination', 1, 6],
  ['currency', 'Currency', 1, 6],
  ['country', 'Country', 1, 2],
  ['year', 'Issue Year', 6, 3],
  ['color', 'Color', 1, 6],
  ['scott', 'Scott#', 1, 0],
  ['grade', 'Grade', 3, 2],
  ['cancelled', 'Cancelled', 4, 6],
  ['centering', 'Centering', 1, 6],
  ['gummed', 'Gummed', 1, 6],
  ['pur_date', 'Purchase Date', 1, 0],
  ['pur_price', 'Purchase Price', 1, 0],
  ['location', 'Location', 1, 6],
  ['gift', 'Gift', 4, 0],
  ['image', 'Image', 10, 0],
  ['comments', 'Comments', 2, 0],
  ['id', 'ID', 6, 32],
  ['cdate', 'Date Created', 12, 16],
  ['mdate', 'Date Modified', 12, 16],
];
