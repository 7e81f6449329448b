// The standard fields of Tellico's file catalog collections (src/collections, type 12): what a file that says
// only <field name="_default"/> holds. Each is [name, title, Tellico field type, flags].
import type { TellicoDefault } from './types';

export const TELLICO_FILE_CATALOG: TellicoDefault[] = [
  ['title', 'Name', 1, 8],
  ['url', 'URL', 7, 0],
  ['description', 'Description', 1, 6],
  ['volume', 'Volume', 1, 6],
  ['folder', 'Folder', 1, 6],
  ['mimetype', 'Mimetype', 1, 6],
  ['size', 'Size', 1, 0],
  ['permissions', 'Permissions', 1, 6],
  ['owner', 'Owner', 1, 6],
  ['group', 'Group', 1, 6],
  ['created', 'Created', 1, 0],
  ['modified', 'Modified', 1, 0],
  ['metainfo', 'Meta Info', 8, 0],
  ['icon', 'Icon', 10, 0],
];
