// The words of imports: what is wrong with a file (found by the browser's reading or by the server's),
// why a record was passed over, each run's state and each format's name.
import { defineMessages } from 'react-intl';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { ImportFileProblem } from '@shared/import/errors';
import type { PlanOutlook } from '@shared/import/outlook';
import type { NotDocumentKind } from '@shared/import/sniff';
import type { ImportFormat } from '@shared/import/records';
import type { ImportStatus } from '@shared/schemas/imports';
import { describeValueReason } from '@web/components/value-input/value-reasons';

const fileProblemMessages = defineMessages<
  Record<ImportFileProblem | 'internal', { row: number | string; maximum: number | string; what: string }>
>({
  unknown_format: {
    id: 'imports.problem.unknownFormat',
    defaultMessage:
      'This file is not in a format Vitrine imports: a spreadsheet (CSV or TSV); an export of Goodreads, StoryGraph, Calibre, LibraryThing, BookWyrm, Openreads, Inventaire, Book Catalogue, Open Library, Letterboxd, IMDb, BoardGameGeek, OnMyShelf or Vitrine; a file of GCstar, Tellico, Bookcase, Collectorz, Data Crow, Delicious Library, Alexandria, Ant Movie Catalog, Griffith or Kodi (.nfo).',
  },
  empty_file: { id: 'imports.problem.emptyFile', defaultMessage: 'This file is empty.' },
  too_many_columns: { id: 'imports.problem.tooManyColumns', defaultMessage: 'Record {row} has more than {maximum} columns.' },
  record_too_long: {
    id: 'imports.problem.recordTooLong',
    defaultMessage: 'Record {row} is longer than the limit of {maximum} characters.',
  },
  unclosed_quote: { id: 'imports.problem.unclosedQuote', defaultMessage: 'A quote opened in record {row} is never closed.' },
  no_records: { id: 'imports.problem.noRecords', defaultMessage: 'This file holds nothing to import.' },
  invalid_xml: { id: 'imports.problem.invalidXml', defaultMessage: 'This file’s XML is damaged or cut short: it cannot be read.' },
  xml_entities: {
    id: 'imports.problem.xmlEntities',
    defaultMessage: 'This file declares XML entities, which Vitrine never expands: export it again without them.',
  },
  invalid_json: { id: 'imports.problem.invalidJson', defaultMessage: 'This file’s JSON is damaged or cut short: it cannot be read.' },
  invalid_yaml: { id: 'imports.problem.invalidYaml', defaultMessage: 'The YAML of record {row} is damaged: it cannot be read.' },
  unknown_version: {
    id: 'imports.problem.unknownVersion',
    defaultMessage: 'This Vitrine export was written by another version, which this one does not read.',
  },
  not_document: {
    id: 'imports.problem.notDocument',
    defaultMessage: 'This file looks like {what}, not a list of records Vitrine imports.',
  },
  invalid_zip: { id: 'imports.problem.invalidZip', defaultMessage: 'This zip archive is damaged or cut short: it cannot be read.' },
  zip_too_big: {
    id: 'imports.problem.zipTooBig',
    defaultMessage: 'This zip archive holds more than Vitrine takes (a limit of {maximum} files, or of {maximum} bytes for one file).',
  },
  picture_too_big: {
    id: 'imports.problem.pictureTooBig',
    defaultMessage: 'A picture inside this file is larger than Vitrine takes (a limit of {maximum} bytes).',
  },
  source_unreachable: { id: 'imports.problem.sourceUnreachable', defaultMessage: 'Nothing usable could be fetched from the source.' },
  source_not_ready: {
    id: 'imports.problem.sourceNotReady',
    defaultMessage: 'The source was still preparing its answer after several tries.',
  },
  fields_changed: {
    id: 'imports.problem.fieldsChanged',
    defaultMessage: 'A field this import reads is no longer in the source: set the source up again with its new fields.',
  },
  internal: {
    id: 'imports.problem.internal',
    defaultMessage: 'The import stopped on an unexpected error. What it wrote is kept: run it again to go on.',
  },
});

/** What a file that is not a document looks like (shared/import/sniff.ts). */
const kindMessages = defineMessages({
  image: { id: 'imports.kind.image', defaultMessage: 'a picture' },
  archive: {
    id: 'imports.kind.archive',
    defaultMessage: 'a compressed archive (gzip, bzip2, xz, 7z or RAR): take the file out of it first',
  },
  pdf: { id: 'imports.kind.pdf', defaultMessage: 'a PDF document' },
  office: { id: 'imports.kind.office', defaultMessage: 'an older office document (such as .xls or .doc): save it as CSV first' },
  database: { id: 'imports.kind.database', defaultMessage: 'a database file' },
  yaml: { id: 'imports.kind.yaml', defaultMessage: 'a YAML file' },
  binary: { id: 'imports.kind.binary', defaultMessage: 'binary data' },
  amc: {
    id: 'imports.kind.amc',
    defaultMessage:
      'an Ant Movie Catalog catalogue (.amc), which Vitrine reads through its XML export: in Ant Movie Catalog, choose File › Export › XML and import that file',
  },
  binary_plist: {
    id: 'imports.kind.binaryPlist',
    defaultMessage: 'a binary property list (Delicious Library): export the library as XML and import that file',
  },
}) satisfies Record<NotDocumentKind, MessageDescriptor>;

export function describeFileProblem(
  intl: IntlShape,
  problem: ImportFileProblem | 'internal',
  details: { row?: number | undefined; limit?: number | undefined; reason?: string | undefined } = {},
): string {
  const kinds = kindMessages as Record<string, MessageDescriptor>;
  const kind = kinds[details.reason ?? ''] ?? kinds.binary!;
  return intl.formatMessage(fileProblemMessages[problem], {
    row: details.row ?? '?',
    maximum: details.limit ?? '?',
    what: intl.formatMessage(kind),
  });
}

/** Why a plan would import none of the records read (shared/import/outlook.ts), with the property they lack. */
const planProblemMessages = defineMessages<Record<NonNullable<PlanOutlook['reason']>, { property: string }>>({
  no_title: {
    id: 'imports.plan.noTitle',
    defaultMessage: 'No record would be imported: no field of the file goes to “{property}”, which every item must have.',
  },
  nothing_mapped: {
    id: 'imports.plan.nothingMapped',
    defaultMessage: 'No record would be imported: the fields sent to properties hold nothing in the records read.',
  },
  all_refused: {
    id: 'imports.plan.allRefused',
    defaultMessage: 'No record would be imported: every record read lacks “{property}”, which every item must have.',
  },
});

export const isPlanProblem = (reason: string): reason is NonNullable<PlanOutlook['reason']> => reason in planProblemMessages;

export function describePlanProblem(intl: IntlShape, reason: NonNullable<PlanOutlook['reason']>, property: string): string {
  return intl.formatMessage(planProblemMessages[reason], { property });
}

const recordReasonMessages = defineMessages({
  blank: { id: 'imports.reason.blank', defaultMessage: 'Nothing in this record goes to a property.' },
  duplicate: { id: 'imports.reason.duplicate', defaultMessage: 'An earlier record of the file is the same item.' },
  invalid_yesno: { id: 'imports.reason.invalidYesno', defaultMessage: 'This is neither yes nor no.' },
  not_importable: { id: 'imports.reason.notImportable', defaultMessage: 'Files and pictures cannot come from a text cell.' },
  file_missing: {
    id: 'imports.reason.fileMissing',
    defaultMessage: 'The file this value names did not come with it (missing from the backup, or larger than 20 MB).',
  },
  too_many_values: { id: 'imports.reason.tooManyValues', defaultMessage: 'More than 50 values for one property: the first 50 are kept.' },
  text_cut: { id: 'imports.reason.textCut', defaultMessage: 'Longer than a value of this property may be: the beginning is kept.' },
  loan_no_copy: {
    id: 'imports.reason.loanNoCopy',
    defaultMessage: 'The loan to this borrower was not recorded: every copy of the item is already lent.',
  },
  loans_disabled: {
    id: 'imports.reason.loansDisabled',
    defaultMessage:
      'Loans are off on this instance: the loans to these borrowers were not recorded (only the fields the plan maps keep them).',
  },
});

/** Why a record or one of its cells was not stored: import reasons first, then the value checks'. */
export function describeRecordReason(intl: IntlShape, reason: string): string {
  const own = (recordReasonMessages as Record<string, MessageDescriptor>)[reason];
  return own ? intl.formatMessage(own) : describeValueReason(intl, reason);
}

/** Why a picture given by address was not stored (the server's FetchProblem, or not_image). */
const coverReasonMessages = defineMessages({
  fetch_address: {
    id: 'imports.cover.address',
    defaultMessage: 'Not fetched: Vitrine only fetches public http(s) addresses, never local or private ones.',
  },
  fetch_redirects: { id: 'imports.cover.redirects', defaultMessage: 'The address redirects too many times.' },
  fetch_status: { id: 'imports.cover.status', defaultMessage: 'The server answered with an error (the picture may be gone).' },
  fetch_too_big: { id: 'imports.cover.tooBig', defaultMessage: 'The picture is larger than 5 MB.' },
  fetch_timeout: { id: 'imports.cover.timeout', defaultMessage: 'The server took too long to answer.' },
  fetch_network: { id: 'imports.cover.network', defaultMessage: 'The server could not be reached.' },
  not_image: {
    id: 'imports.cover.notImage',
    defaultMessage: 'The address gives something that is not a picture (PNG, JPEG, GIF or WebP).',
  },
});

export function describeCoverReason(intl: IntlShape, reason: string): string {
  const messages = coverReasonMessages as Record<string, MessageDescriptor>;
  return intl.formatMessage(messages[reason] ?? messages.fetch_network!);
}

export const statusMessages = defineMessages({
  fetching: { id: 'imports.status.fetching', defaultMessage: 'Fetching the source' },
  checking: { id: 'imports.status.checking', defaultMessage: 'Reading the file' },
  importing: { id: 'imports.status.importing', defaultMessage: 'Importing' },
  done: { id: 'imports.status.done', defaultMessage: 'Done' },
  failed: { id: 'imports.status.failed', defaultMessage: 'Failed' },
  cancelled: { id: 'imports.status.cancelled', defaultMessage: 'Cancelled' },
}) satisfies Record<ImportStatus, MessageDescriptor>;

export const formatMessages = defineMessages({
  csv: { id: 'imports.format.csv', defaultMessage: 'CSV or TSV' },
  goodreads: { id: 'imports.format.goodreads', defaultMessage: 'Goodreads export' },
  goodreads_rss: { id: 'imports.format.goodreadsRss', defaultMessage: 'Goodreads shelf feed' },
  gcstar: { id: 'imports.format.gcstar', defaultMessage: 'GCstar collection' },
  tellico: { id: 'imports.format.tellico', defaultMessage: 'Tellico collection' },
  clz: { id: 'imports.format.clz', defaultMessage: 'Collectorz (CLZ) export' },
  datacrow: { id: 'imports.format.datacrow', defaultMessage: 'Data Crow export' },
  amc: { id: 'imports.format.amc', defaultMessage: 'Ant Movie Catalog export' },
  griffith: { id: 'imports.format.griffith', defaultMessage: 'Griffith export' },
  bgg: { id: 'imports.format.bgg', defaultMessage: 'BoardGameGeek collection' },
  onmyshelf: { id: 'imports.format.onmyshelf', defaultMessage: 'OnMyShelf export' },
  librarything: { id: 'imports.format.librarything', defaultMessage: 'LibraryThing export' },
  vitrine: { id: 'imports.format.vitrine', defaultMessage: 'Vitrine export' },
  letterboxd: { id: 'imports.format.letterboxd', defaultMessage: 'Letterboxd export' },
  imdb: { id: 'imports.format.imdb', defaultMessage: 'IMDb export' },
  kodi: { id: 'imports.format.kodi', defaultMessage: 'Kodi movie .nfo' },
  delicious: { id: 'imports.format.delicious', defaultMessage: 'Delicious Library export (XML)' },
  delicious_plist: { id: 'imports.format.deliciousPlist', defaultMessage: 'Delicious Library export (property list)' },
  alexandria: { id: 'imports.format.alexandria', defaultMessage: 'Alexandria library' },
  storygraph: { id: 'imports.format.storygraph', defaultMessage: 'StoryGraph export' },
  calibre: { id: 'imports.format.calibre', defaultMessage: 'Calibre catalogue (CSV)' },
  librarything_csv: { id: 'imports.format.librarythingCsv', defaultMessage: 'LibraryThing export (TSV or CSV)' },
  bookwyrm: { id: 'imports.format.bookwyrm', defaultMessage: 'BookWyrm export' },
  openreads: { id: 'imports.format.openreads', defaultMessage: 'Openreads export' },
  inventaire: { id: 'imports.format.inventaire', defaultMessage: 'Inventaire export' },
  book_catalogue: { id: 'imports.format.bookCatalogue', defaultMessage: 'Book Catalogue export' },
  openlibrary: { id: 'imports.format.openlibrary', defaultMessage: 'Open Library reading log' },
}) satisfies Record<ImportFormat, MessageDescriptor>;

/** A run still has work ahead while it fetches its source, checks or imports. */
export const isRunning = (status: ImportStatus) => status === 'fetching' || status === 'checking' || status === 'importing';
