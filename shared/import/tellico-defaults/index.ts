// Tellico's standard fields by collection type (1 custom … 13 board games), for files that declare
// them with <field name="_default"/> or declare no field at all.
import { TELLICO_CUSTOM } from './custom';
import { TELLICO_BOOKS } from './books';
import { TELLICO_VIDEOS } from './videos';
import { TELLICO_MUSIC } from './music';
import { TELLICO_BIBLIOGRAPHY } from './bibliography';
import { TELLICO_COMICS } from './comics';
import { TELLICO_WINES } from './wines';
import { TELLICO_COINS } from './coins';
import { TELLICO_STAMPS } from './stamps';
import { TELLICO_CARDS } from './cards';
import { TELLICO_VIDEO_GAMES } from './video-games';
import { TELLICO_FILE_CATALOG } from './file-catalog';
import { TELLICO_BOARD_GAMES } from './board-games';
import type { TellicoDefault } from './types';

export const TELLICO_DEFAULTS: Record<string, TellicoDefault[]> = {
  '1': TELLICO_CUSTOM,
  '2': TELLICO_BOOKS,
  '3': TELLICO_VIDEOS,
  '4': TELLICO_MUSIC,
  '5': TELLICO_BIBLIOGRAPHY,
  '6': TELLICO_COMICS,
  '7': TELLICO_WINES,
  '8': TELLICO_COINS,
  '9': TELLICO_STAMPS,
  '10': TELLICO_CARDS,
  '11': TELLICO_VIDEO_GAMES,
  '12': TELLICO_FILE_CATALOG,
  '13': TELLICO_BOARD_GAMES,
};
