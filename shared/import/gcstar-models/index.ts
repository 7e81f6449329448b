// GCstar's built-in models, by the name its files give in <collection type="…">.
import { GC_TVEPISODES } from './GCTVepisodes';
import { GC_TVSERIES } from './GCTVseries';
import { GC_BOARDGAMES } from './GCboardgames';
import { GC_BOOKS } from './GCbooks';
import { GC_COINS } from './GCcoins';
import { GC_COMICS } from './GCcomics';
import { GC_FILMS } from './GCfilms';
import { GC_GAMES } from './GCgames';
import { GC_MINICARS } from './GCminicars';
import { GC_MUSICS } from './GCmusics';
import { GC_PERIODICALS } from './GCperiodicals';
import { GC_SMARTCARDS } from './GCsmartcards';
import { GC_SOFTWARE } from './GCsoftware';
import { GC_STAMPS } from './GCstamps';
import { GC_WINES } from './GCwines';
import type { GcstarModel } from '../gcstar-fields';

export const GCSTAR_MODELS: Record<string, GcstarModel> = {
  GCTVepisodes: GC_TVEPISODES,
  GCTVseries: GC_TVSERIES,
  GCboardgames: GC_BOARDGAMES,
  GCbooks: GC_BOOKS,
  GCcoins: GC_COINS,
  GCcomics: GC_COMICS,
  GCfilms: GC_FILMS,
  GCgames: GC_GAMES,
  GCminicars: GC_MINICARS,
  GCmusics: GC_MUSICS,
  GCperiodicals: GC_PERIODICALS,
  GCsmartcards: GC_SMARTCARDS,
  GCsoftware: GC_SOFTWARE,
  GCstamps: GC_STAMPS,
  GCwines: GC_WINES,
};
