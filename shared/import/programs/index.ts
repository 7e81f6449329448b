// The programs whose CSV exports Vitrine recognises by their header (books and films), in the order
// they are tried.
import { IMDB } from '../films/imdb';
import { LETTERBOXD } from '../films/letterboxd';
import { GOODREADS } from '../goodreads';
import type { ImportFormat } from '../records';
import { BOOK_CATALOGUE } from './book-catalogue';
import { BOOKWYRM } from './bookwyrm';
import { CALIBRE } from './calibre';
import { INVENTAIRE } from './inventaire';
import { LIBRARYTHING_CSV } from './librarything-csv';
import { OPENLIBRARY } from './openlibrary';
import { OPENREADS } from './openreads';
import { matchesProgram, type CsvProgram } from './program';
import { STORYGRAPH } from './storygraph';

export const CSV_PROGRAMS: readonly CsvProgram[] = [
  LETTERBOXD,
  IMDB,
  GOODREADS,
  STORYGRAPH,
  CALIBRE,
  LIBRARYTHING_CSV,
  BOOKWYRM,
  OPENREADS,
  INVENTAIRE,
  BOOK_CATALOGUE,
  OPENLIBRARY,
];

/** The program whose export has this header row, if any. */
export const programByHeader = (header: readonly string[]) => CSV_PROGRAMS.find((p) => matchesProgram(p, header));

/** The program a format reads, if it is one of these. */
export const programOf = (format: ImportFormat) => CSV_PROGRAMS.find((p) => p.format === format);

/** Whether a format is a program's CSV, which may also be read as plain CSV. */
export const isCsvProgram = (format: ImportFormat) => programOf(format) !== undefined;
