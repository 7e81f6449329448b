// The standard fields of Tellico's custom collections (src/collections, type 1): what a file that says
// only <field name="_default"/> holds. Each is [name, title, Tellico field type, flags].
import type { TellicoDefault } from './types';

export const TELLICO_CUSTOM: TellicoDefault[] = [
  ['id', 'ID', 6, 32],
  ['title', 'Title', 1, 8],
  ['cdate', 'Date Created', 12, 16],
  ['mdate', 'Date Modified', 12, 16],
];
