// Words for metadata sources: each field a hit may have, and why a source gave nothing.
import { defineMessages, type NoMessageValues } from 'react-intl';
import type { ImportField, SourceProblem } from '@shared/schemas/sources';

export const fieldMessages = defineMessages<Record<ImportField, NoMessageValues>>({
  title: { id: 'sources.field.title', defaultMessage: 'Title' },
  subtitle: { id: 'sources.field.subtitle', defaultMessage: 'Subtitle' },
  original_title: { id: 'sources.field.original_title', defaultMessage: 'Original title' },
  cover: { id: 'sources.field.cover', defaultMessage: 'Cover' },
  authors: { id: 'sources.field.authors', defaultMessage: 'Authors' },
  series: { id: 'sources.field.series', defaultMessage: 'Series' },
  series_number: { id: 'sources.field.series_number', defaultMessage: 'Number in series' },
  publisher: { id: 'sources.field.publisher', defaultMessage: 'Publisher' },
  year: { id: 'sources.field.year', defaultMessage: 'Year' },
  pages: { id: 'sources.field.pages', defaultMessage: 'Pages' },
  isbn: { id: 'sources.field.isbn', defaultMessage: 'ISBN' },
  barcode: { id: 'sources.field.barcode', defaultMessage: 'Barcode' },
  language: { id: 'sources.field.language', defaultMessage: 'Language' },
  genre: { id: 'sources.field.genre', defaultMessage: 'Genre' },
  format: { id: 'sources.field.format', defaultMessage: 'Format' },
  summary: { id: 'sources.field.summary', defaultMessage: 'Summary' },
  directors: { id: 'sources.field.directors', defaultMessage: 'Directors' },
  cast: { id: 'sources.field.cast', defaultMessage: 'Cast' },
  runtime: { id: 'sources.field.runtime', defaultMessage: 'Runtime' },
  players_min: { id: 'sources.field.players_min', defaultMessage: 'Players (min)' },
  players_max: { id: 'sources.field.players_max', defaultMessage: 'Players (max)' },
  play_time: { id: 'sources.field.play_time', defaultMessage: 'Play time' },
  age: { id: 'sources.field.age', defaultMessage: 'Minimum age' },
  designers: { id: 'sources.field.designers', defaultMessage: 'Designers' },
  artists: { id: 'sources.field.artists', defaultMessage: 'Artists' },
  mechanics: { id: 'sources.field.mechanics', defaultMessage: 'Mechanics' },
  link: { id: 'sources.field.link', defaultMessage: 'Link' },
});

export const problemMessages = defineMessages<Record<SourceProblem, { source: string }>>({
  timeout: { id: 'sources.problem.timeout', defaultMessage: '{source} did not answer in time.' },
  unreachable: { id: 'sources.problem.unreachable', defaultMessage: '{source} could not be reached.' },
  refused: { id: 'sources.problem.refused', defaultMessage: '{source} refused the key it was given: the administrator should check it.' },
  malformed: { id: 'sources.problem.malformed', defaultMessage: '{source} answered something that is not a search result.' },
  needs_key: { id: 'sources.problem.needs_key', defaultMessage: '{source} needs a key, and none is set: the administrator can add one.' },
  busy: { id: 'sources.problem.busy', defaultMessage: '{source} is busy: try again in a moment.' },
});
