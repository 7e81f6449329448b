// A Letterboxd export zip holds each film in several files: watched.csv (every film watched), ratings.csv,
// diary.csv (a row per viewing: its date, rewatch, tags), reviews.csv and watchlist.csv. They are merged
// into one CSV of a row per film, read as the files alone are (letterboxd.ts). Diary and review rows name
// the entry, not the film, by their address, so films are matched by name and year; the film's own
// address (from watched, ratings or the watchlist) stays its reference.
import Papa from 'papaparse';
import { readCsvRecords } from '../csv';
import { matchesProgram } from '../programs/program';
import { cellsOf } from '../programs/read';
import { listOf } from './imdb';
import { LETTERBOXD, LETTERBOXD_COLUMNS as C } from './letterboxd';

/** The export's files merged, in this order: the films' own files first, so their addresses are kept. */
const FILES = ['watched.csv', 'ratings.csv', 'watchlist.csv', 'diary.csv', 'reviews.csv'] as const;
type FileName = (typeof FILES)[number];

/** The export's files this merge reads, at the archive's root. */
export const isLetterboxdZipFile = (name: string): name is FileName => (FILES as readonly string[]).includes(name);

interface Film {
  name: string;
  year: string;
  uri: string;
  date: string;
  rating: string;
  watchedDate: string;
  rewatch: boolean;
  tags: Set<string>;
  review: string;
  watched: boolean;
  watchlist: boolean;
}

const HEADER = [C.date, C.name, C.year, C.uri, C.rating, C.rewatch, C.tags, C.watchedDate, C.review, C.watched, C.watchlist];

/** The files' texts (by name, at the archive's root) as one CSV of a row per film; null when none is Letterboxd's. */
export function mergeLetterboxdExport(files: ReadonlyMap<string, string>): string | null {
  const films = new Map<string, Film>();
  let found = false;
  for (const name of FILES) {
    const text = files.get(name);
    if (text === undefined) continue;
    const [header, ...rows] = readCsvRecords(
      text.replace(/^\uFEFF/, ''),
      { delimiter: ',', quote: '"', header: true },
      Number.MAX_SAFE_INTEGER,
      true,
    ).records.map((r) => r.cells);
    if (!header || !matchesProgram(LETTERBOXD, header)) continue;
    found = true;
    for (const cells of rows) {
      const byName = cellsOf(header, cells);
      const cell = (name: string) => byName([name]);
      if (cell(C.name) === '') continue;
      const key = `${cell(C.name)}\u0000${cell(C.year)}`;
      const film = films.get(key) ?? newFilm(cell(C.name), cell(C.year), cell(C.uri));
      films.set(key, film);
      takeRow(film, name, cell);
    }
  }
  if (!found) return null;
  const rows = [...films.values()].map((f) => [
    f.date,
    f.name,
    f.year,
    f.uri,
    f.rating,
    f.rewatch ? 'Yes' : '',
    [...f.tags].join(', '),
    f.watchedDate,
    f.review,
    f.watched ? 'Yes' : '',
    f.watchlist ? 'Yes' : '',
  ]);
  return Papa.unparse([HEADER, ...rows], { newline: '\n' });
}

const newFilm = (name: string, year: string, uri: string): Film => ({
  name,
  year,
  uri,
  date: '',
  rating: '',
  watchedDate: '',
  rewatch: false,
  tags: new Set(),
  review: '',
  watched: false,
  watchlist: false,
});

/** What one file's row adds to its film: the latest viewing's date, every tag, the latest review. */
function takeRow(film: Film, file: FileName, cell: (name: string) => string) {
  if (film.uri === '') film.uri = cell(C.uri);
  if (file === 'watchlist.csv') {
    film.watchlist = true;
    film.date ||= cell(C.date);
    return;
  }
  film.watched = true;
  if (file === 'watched.csv') film.date = cell(C.date);
  // ratings.csv holds the rating of today; a diary entry's is the one given that day.
  if (cell(C.rating) !== '' && (file === 'ratings.csv' || film.rating === '')) film.rating = cell(C.rating);
  for (const tag of listOf(cell(C.tags))) if (tag !== '') film.tags.add(tag);
  if (cell(C.rewatch).toLowerCase() === 'yes') film.rewatch = true;
  const watchedDate = cell(C.watchedDate);
  if (watchedDate > film.watchedDate) film.watchedDate = watchedDate;
  if (file === 'reviews.csv' && cell(C.review) !== '') film.review = cell(C.review);
}
