// The standard fields of Tellico's wines collections (src/collections, type 7): what a file that says
// only <field name="_default"/> holds. Each is [name, title, Tellico field type, flags].
import type { TellicoDefault } from './types';

export const TELLICO_WINES: TellicoDefault[] = [
  ['title', 'Title', 1, 40],
  ['producer', 'Producer', 1, 6],
  ['appellation', 'Appellation', 1, 6],
  ['varietal', 'Varietal', 1, 6],
  ['vintage', 'Vintage', 6, 2],
  ['type', 'Type', 3, 2],
  ['country', 'Country', 1, 6],
  ['pur_date', 'Purchase Date', 1, 0],
  ['pur_price', 'Purchase Price', 1, 0],
  ['location', 'Location', 1, 6],
  ['quantity', 'Quantity', 6, 0],
  ['drink-by', 'Drink By', 6, 2],
  ['rating', 'Rating', 14, 2],
  ['gift', 'Gift', 4, 0],
  ['label', 'Label Image', 10, 0],
  ['description', 'Description', 2, 0],
  ['comments', 'Comments', 2, 0],
  ['id', 'ID', 6, 32],
  ['cdate', 'Date Created', 12, 16],
  ['mdate', 'Date Modified', 12, 16],
];
