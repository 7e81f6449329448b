// Choosing a file and saying how to read it: the browser reads its head with the server's own code
// (format and encoding detected, CSV layout sniffed, all overridable), proposes where each field goes,
// previews the first records as they will be stored, then uploads the file with that plan.
import { FileUp, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { MessageDescriptor, NoMessageValues } from 'react-intl';
import { CSV_DELIMITERS, CSV_QUOTES, type CsvDelimiter, type CsvOptions, type CsvQuote } from '@shared/import/csv';
import { ImportFileError } from '@shared/import/errors';
import { DATE_ORDERS, type DateOrder } from '@shared/import/mapping';
import { TEXT_ENCODINGS, type TextEncoding } from '@shared/import/text';
import { IMPORT_FILE_MAX_BYTES, type ImportRun } from '@shared/schemas/imports';
import type { Property } from '@shared/schemas/properties';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FileDrop, FileSummary } from '@web/components/file-drop';
import { Loading } from '@web/components/loading';
import { SelectField } from '@web/components/select-field';
import { isApiError } from '@web/lib/api-client';
import { describeError, describeFieldIssue } from '@web/lib/error-messages';
import { formatFileSize } from '@web/lib/file-size';
import { useAction } from '@web/lib/use-action';
import { startImport } from '../api/imports';
import {
  canReceiveText,
  defaultDraft,
  fetchesCovers,
  planOf,
  previewMapping,
  readImportFile,
  type FileReading,
  type ImportDraft,
  type ReadChoices,
} from '../import-draft';
import { describeFileProblem, describePlanProblem, formatMessages, isPlanProblem } from '../import-messages';
import { planOutlook } from '@shared/import/outlook';
import { isCsvProgram } from '@shared/import/programs';
import { columnMessage, ImportMapping } from './import-mapping';
import { ScheduledImportForm } from './scheduled-import-form';
import { IMPORT_SCHEDULES, type ImportSchedule, type ScheduledImportSpecInput } from '@shared/schemas/scheduled-imports';
import { ImportPreview, type RenderValue } from './import-preview';
import { useLoansEnabled } from '@web/lib/use-settings';

const messages = defineMessages<{
  choose: NoMessageValues;
  hint: { size: string };
  another: NoMessageValues;
  detected: { format: string };
  reading: NoMessageValues;
  format: NoMessageValues;
  plainCsv: NoMessageValues;
  encoding: NoMessageValues;
  encodingAuto: { encoding: string };
  replaced: { count: number; encoding: string };
  delimiter: NoMessageValues;
  quote: NoMessageValues;
  header: NoMessageValues;
  dateOrder: NoMessageValues;
  keyField: NoMessageValues;
  keyFieldHint: NoMessageValues;
  keyFieldNone: NoMessageValues;
  keyFieldBuiltIn: NoMessageValues;
  covers: NoMessageValues;
  coversHint: NoMessageValues;
  origin: NoMessageValues;
  fromDevice: NoMessageValues;
  fromWeb: NoMessageValues;
  schedule: NoMessageValues;
  scheduleHint: NoMessageValues;
  mapping: NoMessageValues;
  preview: NoMessageValues;
  start: NoMessageValues;
  starting: NoMessageValues;
  tooLarge: { size: string; max: string };
  outlook: { imported: number; sampled: number };
  useAsTitle: { field: string };
  idsOnly: NoMessageValues;
  loans: { loans: number; borrowers: number };
  loansOff: { loans: number; borrowers: number };
}>({
  choose: { id: 'imports.setup.choose', defaultMessage: 'File to import' },
  hint: {
    id: 'imports.setup.hint',
    defaultMessage:
      'A spreadsheet (CSV or TSV); an export of Goodreads, StoryGraph, Calibre, LibraryThing, BookWyrm, Openreads, Inventaire, Book Catalogue, Open Library, Letterboxd, IMDb, BoardGameGeek, OnMyShelf or Vitrine; a file of GCstar, Tellico, Bookcase, Collectorz, Data Crow, Delicious Library, Alexandria, Ant Movie Catalog, Griffith or Kodi (.nfo) (with its pictures in a zip). Up to {size}.',
  },
  another: { id: 'imports.setup.another', defaultMessage: 'Choose another file' },
  detected: { id: 'imports.setup.detected', defaultMessage: 'Read as: {format}' },
  reading: { id: 'imports.setup.reading', defaultMessage: 'How the file is read' },
  format: { id: 'imports.setup.format', defaultMessage: 'Format' },
  plainCsv: { id: 'imports.setup.plainCsv', defaultMessage: 'Plain CSV (choose every column)' },
  loans: {
    id: 'imports.setup.loans',
    defaultMessage:
      '{loans, plural, one {This file holds # loan} other {This file holds # loans}} to {borrowers, plural, one {# borrower} other {# borrowers}}: they will be recorded in lending (borrowers found again by email, else by name).',
  },
  loansOff: {
    id: 'imports.setup.loansOff',
    defaultMessage:
      '{loans, plural, one {This file holds # loan} other {This file holds # loans}} to {borrowers, plural, one {# borrower} other {# borrowers}}: loans are off on this instance, so they stay in the fields the plan maps.',
  },
  idsOnly: {
    id: 'imports.setup.idsOnly',
    defaultMessage:
      'This file holds only the books’ ids and shelves, no titles: each book is imported under its id, to be completed by hand.',
  },
  encoding: { id: 'imports.setup.encoding', defaultMessage: 'Encoding' },
  encodingAuto: { id: 'imports.setup.encodingAuto', defaultMessage: 'Automatic ({encoding})' },
  replaced: {
    id: 'imports.setup.replaced',
    defaultMessage:
      '{count, plural, one {One byte of this file is} other {# bytes of this file are}} not valid {encoding}: {count, plural, one {it is} other {they are}} read as “�”. Check the cells concerned, or choose another encoding.',
  },
  delimiter: { id: 'imports.setup.delimiter', defaultMessage: 'Separator' },
  quote: { id: 'imports.setup.quote', defaultMessage: 'Quotes' },
  header: { id: 'imports.setup.header', defaultMessage: 'The first row names the columns' },
  dateOrder: { id: 'imports.setup.dateOrder', defaultMessage: 'Dates are written' },
  origin: { id: 'imports.setup.origin', defaultMessage: 'Where the items come from' },
  fromDevice: { id: 'imports.setup.fromDevice', defaultMessage: 'A file on this device' },
  fromWeb: { id: 'imports.setup.fromWeb', defaultMessage: 'The web: an address, BoardGameGeek, Goodreads' },
  schedule: { id: 'imports.setup.schedule', defaultMessage: 'Import from this source again' },
  scheduleHint: {
    id: 'imports.setup.scheduleHint',
    defaultMessage: 'Vitrine fetches it again with this mapping, adds what is new and updates what changed, never twice the same item.',
  },
  covers: { id: 'imports.setup.covers', defaultMessage: 'Fetch the pictures given by their addresses' },
  coversHint: {
    id: 'imports.setup.coversHint',
    defaultMessage:
      'Each picture is copied into the collection, so it stays when the site that has it changes. Unchecked, these fields are left out.',
  },
  keyField: { id: 'imports.setup.keyField', defaultMessage: 'Column that identifies a row' },
  keyFieldHint: {
    id: 'imports.setup.keyFieldHint',
    defaultMessage: 'Running the import again finds each item by it: changed rows are updated, never added twice.',
  },
  keyFieldNone: { id: 'imports.setup.keyFieldNone', defaultMessage: 'None: a row is the same when all its cells are' },
  keyFieldBuiltIn: {
    id: 'imports.setup.keyFieldBuiltIn',
    defaultMessage: 'Each record keeps the export’s own identifier: running the import again updates items, never duplicates them.',
  },
  mapping: { id: 'imports.setup.mapping', defaultMessage: 'Fields' },
  preview: { id: 'imports.setup.preview', defaultMessage: 'Preview' },
  start: { id: 'imports.setup.start', defaultMessage: 'Import' },
  starting: { id: 'imports.setup.starting', defaultMessage: 'Sending the file…' },
  tooLarge: { id: 'imports.setup.tooLarge', defaultMessage: 'This file is {size}: files up to {max} can be imported.' },
  outlook: {
    id: 'imports.setup.outlook',
    defaultMessage: '{imported, number} of the first {sampled, plural, one {record} other {# records}} will be imported.',
  },
  useAsTitle: { id: 'imports.setup.useAsTitle', defaultMessage: 'Use “{field}” as the title' },
});

const encodingMessages = defineMessages({
  'utf-8': { id: 'imports.encoding.utf8', defaultMessage: 'UTF-8' },
  'utf-16le': { id: 'imports.encoding.utf16le', defaultMessage: 'UTF-16 (little-endian)' },
  'utf-16be': { id: 'imports.encoding.utf16be', defaultMessage: 'UTF-16 (big-endian)' },
  'windows-1252': { id: 'imports.encoding.windows1252', defaultMessage: 'Windows-1252 / Latin-1' },
}) satisfies Record<TextEncoding, MessageDescriptor>;

const delimiterMessages = defineMessages({
  ',': { id: 'imports.delimiter.comma', defaultMessage: 'Comma (,)' },
  ';': { id: 'imports.delimiter.semicolon', defaultMessage: 'Semicolon (;)' },
  '\t': { id: 'imports.delimiter.tab', defaultMessage: 'Tab' },
  '|': { id: 'imports.delimiter.bar', defaultMessage: 'Vertical bar (|)' },
}) satisfies Record<CsvDelimiter, MessageDescriptor>;

const quoteMessages = defineMessages({
  '"': { id: 'imports.quote.double', defaultMessage: 'Double quotes (")' },
  "'": { id: 'imports.quote.single', defaultMessage: "Single quotes (')" },
}) satisfies Record<CsvQuote, MessageDescriptor>;

const dateOrderMessages = defineMessages({
  ymd: { id: 'imports.dateOrder.ymd', defaultMessage: 'Year first (2024-01-31)' },
  dmy: { id: 'imports.dateOrder.dmy', defaultMessage: 'Day first (31/01/2024)' },
  mdy: { id: 'imports.dateOrder.mdy', defaultMessage: 'Month first (01/31/2024)' },
}) satisfies Record<DateOrder, MessageDescriptor>;

const AUTO: ReadChoices = { encoding: 'auto', format: null, csv: null };

export const scheduleMessages = defineMessages({
  never: { id: 'imports.schedule.never', defaultMessage: 'Never: only this once' },
  daily: { id: 'imports.schedule.daily', defaultMessage: 'Every day' },
  weekly: { id: 'imports.schedule.weekly', defaultMessage: 'Every week' },
}) satisfies Record<ImportSchedule | 'never', MessageDescriptor>;

/** A file problem found here, or the server's refusal, as one sentence. */
function describeStartError(intl: ReturnType<typeof useIntl>, error: unknown, properties: readonly Property[] = []): string {
  if (error instanceof ImportFileError) return describeFileProblem(intl, error.problem, error.details);
  const fields = isApiError(error) ? error.fields : [];
  const file = fields.find((f) => f.path === 'file');
  if (file?.message) return file.message;
  const plan = fields.find((f) => f.path === 'plan.fields' && isPlanProblem(f.reason));
  if (plan && isPlanProblem(plan.reason)) {
    return describePlanProblem(intl, plan.reason, properties.find((p) => p.key === plan.property)?.label ?? plan.property ?? '');
  }
  if (fields[0]) return describeFieldIssue(intl, fields[0]);
  return describeError(intl, error);
}

interface ImportSetupProps {
  collectionId: number;
  /** Shows a stored value (the catalogue's own display), for the preview. */
  renderValue: RenderValue;
  properties: readonly Property[];
  readOnly: boolean;
  onStarted: (run: ImportRun) => void;
}

export function ImportSetup({ collectionId, renderValue, properties, readOnly, onStarted }: ImportSetupProps) {
  const intl = useIntl();
  const loansEnabled = useLoansEnabled();
  const [origin, setOrigin] = useState<'device' | 'web'>('device');
  /** The source the file was fetched from, and how often it should run again ('never': this once). */
  const [source, setSource] = useState<ScheduledImportSpecInput | null>(null);
  const [schedule, setSchedule] = useState<ImportSchedule | 'never'>('daily');
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState<ReadChoices>(AUTO);
  const [reading, setReading] = useState<FileReading | null>(null);
  const [readError, setReadError] = useState<unknown>(null);
  const [draft, setDraft] = useState<ImportDraft | null>(null);
  const columnName = useCallback((number: number) => intl.formatMessage(columnMessage, { number }), [intl]);

  // Each read has its number: only the answer to the latest one is kept (options can change quickly).
  const reads = useRef(0);
  /** Reads the file's head again with these choices: fresh fields and a fresh mapping, as the columns may differ. */
  function read(next: File, nextChoices: ReadChoices) {
    const ticket = (reads.current += 1);
    setChoices(nextChoices);
    setReadError(null);
    readImportFile(next, nextChoices).then(
      (result) => {
        if (ticket !== reads.current) return;
        setReading(result);
        setDraft(defaultDraft(result, properties));
      },
      (error: unknown) => {
        if (ticket !== reads.current) return;
        setReading(null);
        setDraft(null);
        setReadError(error);
      },
    );
  }

  const plan = useMemo(
    () => (reading && draft ? planOf(reading, draft, properties, columnName) : null),
    [reading, draft, properties, columnName],
  );
  // What the plan would do with the records read: how many it imports, or why none and the fix.
  const outlook = useMemo(() => {
    if (!reading || !draft || !plan) return null;
    const { mappings, targets } = previewMapping(plan, properties);
    return planOutlook(reading.format, reading.head.fields, reading.records, mappings, targets, {
      keyField: plan.keyField ?? null,
      dateOrder: draft.dateOrder,
      titleKey: properties.find((p) => p.isTitle)?.key ?? null,
    });
  }, [reading, draft, plan, properties]);
  /** The fix offered: the field goes to the title (the collection's, or a new one that names the items). */
  function takeAsTitle(field: string) {
    if (!draft) return;
    const title = properties.find((p) => p.isTitle && canReceiveText(p.type));
    setDraft({
      ...draft,
      title: field,
      fields: draft.fields.map((f) =>
        f.field === field
          ? {
              ...f,
              split: null,
              target: title
                ? { kind: 'existing', property: title.key }
                : { kind: 'new', label: f.label || columnName(f.index + 1), type: 'text', multiple: false },
            }
          : f,
      ),
    });
  }
  const start = useAction(async () => {
    if (!file || !plan) return;
    onStarted(await startImport(collectionId, file, plan, source && schedule !== 'never' ? { source, schedule } : null));
  });
  // A refusal spoke of the plan as it was sent: once the plan changes, it no longer applies.
  const clearStartError = start.clear;
  useEffect(clearStartError, [clearStartError, draft, reading]);

  function choose(next: File) {
    setReading(null);
    setDraft(null);
    if (next.size > IMPORT_FILE_MAX_BYTES) {
      reads.current += 1;
      setFile(null);
      setReadError(
        new Error(
          intl.formatMessage(messages.tooLarge, {
            size: formatFileSize(intl, next.size),
            max: formatFileSize(intl, IMPORT_FILE_MAX_BYTES),
          }),
        ),
      );
      return;
    }
    setFile(next);
    read(next, AUTO);
  }

  /** Another way of reading the chosen file. */
  const reread = (next: ReadChoices) => file && read(file, next);
  const setCsv = (change: Partial<CsvOptions>) => reading && reread({ ...choices, csv: { ...reading.csv, ...change } });
  const disabled = readOnly || start.busy;
  const fileError = readError ? describeStartError(intl, readError) : null;

  return (
    <div className="stack">
      {file ? (
        <FileSummary
          kind="file"
          name={file.name}
          size={file.size}
          actions={
            <Button
              variant="secondary"
              size="small"
              icon={RefreshCw}
              disabled={start.busy}
              onClick={() => {
                reads.current += 1;
                setFile(null);
                setSource(null);
                setReading(null);
                setDraft(null);
              }}
            >
              {intl.formatMessage(messages.another)}
            </Button>
          }
        />
      ) : (
        <>
          <fieldset className="import-origin" disabled={readOnly}>
            <legend className="visually-hidden">{intl.formatMessage(messages.origin)}</legend>
            {(['device', 'web'] as const).map((value) => (
              <label key={value} className="import-origin__choice">
                <input type="radio" name="import-origin" value={value} checked={origin === value} onChange={() => setOrigin(value)} />
                {intl.formatMessage(value === 'device' ? messages.fromDevice : messages.fromWeb)}
              </label>
            ))}
          </fieldset>
          {origin === 'web' ? (
            <ScheduledImportForm
              collectionId={collectionId}
              disabled={readOnly}
              onFetched={(fetched, spec) => {
                setSource(spec);
                setFile(fetched);
                read(fetched, AUTO);
              }}
            />
          ) : (
            <div className="field">
              <label className="field__label" htmlFor="import-file">
                {intl.formatMessage(messages.choose)}
              </label>
              <FileDrop
                id="import-file"
                kind="file"
                accept=".csv,.tsv,.txt,.json,.xml,.gcs,.tc,.zip,text/csv,text/tab-separated-values,text/plain,application/json,application/xml,text/xml,application/zip"
                disabled={readOnly}
                invalid={fileError !== null}
                hint={intl.formatMessage(messages.hint, { size: formatFileSize(intl, IMPORT_FILE_MAX_BYTES) })}
                onFile={choose}
              />
            </div>
          )}
        </>
      )}
      {fileError ? <ErrorAlert>{fileError}</ErrorAlert> : null}
      {file && !reading && !readError ? <Loading /> : null}
      {file && reading && draft && plan ? (
        <>
          <p className="import-setup__detected">
            {intl.formatMessage(messages.detected, { format: intl.formatMessage(formatMessages[reading.format]) })}
          </p>
          <fieldset className="form__group" disabled={disabled}>
            <legend>{intl.formatMessage(messages.reading)}</legend>
            <div className="import-setup__options">
              {/* Only a program's CSV export is also a plain CSV; the other formats are read their own way. */}
              {isCsvProgram(reading.detected) ? (
                <SelectField
                  label={intl.formatMessage(messages.format)}
                  value={reading.format}
                  onChange={(event) => reread({ ...choices, format: event.target.value === 'csv' ? 'csv' : null, csv: null })}
                >
                  <option value={reading.detected}>{intl.formatMessage(formatMessages[reading.detected])}</option>
                  <option value="csv">{intl.formatMessage(messages.plainCsv)}</option>
                </SelectField>
              ) : null}
              <SelectField
                label={intl.formatMessage(messages.encoding)}
                value={choices.encoding}
                onChange={(event) => reread({ ...choices, encoding: event.target.value as ReadChoices['encoding'] })}
              >
                <option value="auto">
                  {intl.formatMessage(messages.encodingAuto, {
                    encoding: intl.formatMessage(encodingMessages[choices.encoding === 'auto' ? reading.encoding : choices.encoding]),
                  })}
                </option>
                {TEXT_ENCODINGS.map((encoding) => (
                  <option key={encoding} value={encoding}>
                    {intl.formatMessage(encodingMessages[encoding])}
                  </option>
                ))}
              </SelectField>
              {reading.format === 'csv' ? (
                <>
                  <SelectField
                    label={intl.formatMessage(messages.delimiter)}
                    value={reading.csv.delimiter}
                    onChange={(event) => setCsv({ delimiter: event.target.value as CsvDelimiter })}
                  >
                    {CSV_DELIMITERS.map((delimiter) => (
                      <option key={delimiter} value={delimiter}>
                        {intl.formatMessage(delimiterMessages[delimiter])}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField
                    label={intl.formatMessage(messages.quote)}
                    value={reading.csv.quote}
                    onChange={(event) => setCsv({ quote: event.target.value as CsvQuote })}
                  >
                    {CSV_QUOTES.map((quote) => (
                      <option key={quote} value={quote}>
                        {intl.formatMessage(quoteMessages[quote])}
                      </option>
                    ))}
                  </SelectField>
                </>
              ) : null}
              <SelectField
                label={intl.formatMessage(messages.dateOrder)}
                value={draft.dateOrder}
                onChange={(event) => setDraft({ ...draft, dateOrder: event.target.value as DateOrder })}
              >
                {DATE_ORDERS.map((order) => (
                  <option key={order} value={order}>
                    {intl.formatMessage(dateOrderMessages[order])}
                  </option>
                ))}
              </SelectField>
              {reading.format === 'csv' ? (
                <SelectField
                  label={intl.formatMessage(messages.keyField)}
                  hint={intl.formatMessage(messages.keyFieldHint)}
                  value={draft.keyField ?? ''}
                  onChange={(event) => setDraft({ ...draft, keyField: event.target.value || null })}
                >
                  <option value="">{intl.formatMessage(messages.keyFieldNone)}</option>
                  {draft.fields.map((f) => (
                    <option key={f.field} value={f.field}>
                      {f.label || columnName(f.index + 1)}
                    </option>
                  ))}
                </SelectField>
              ) : null}
            </div>
            {reading.replaced > 0 ? (
              <p className="import-preview__warning" role="status">
                {intl.formatMessage(messages.replaced, {
                  count: reading.replaced,
                  encoding: intl.formatMessage(encodingMessages[reading.encoding]),
                })}
              </p>
            ) : null}
            {reading.format === 'csv' ? (
              <CheckboxField
                label={intl.formatMessage(messages.header)}
                checked={reading.csv.header}
                onChange={(event) => setCsv({ header: event.target.checked })}
              />
            ) : (
              <p className="muted">{intl.formatMessage(messages.keyFieldBuiltIn)}</p>
            )}
          </fieldset>
          <section className="stack import-section" aria-labelledby="import-mapping-title">
            <h3 id="import-mapping-title">{intl.formatMessage(messages.mapping)}</h3>
            <ImportMapping
              fields={draft.fields}
              records={reading.records}
              properties={properties}
              disabled={disabled}
              onChange={(index, field) => setDraft({ ...draft, fields: draft.fields.map((f, i) => (i === index ? field : f)) })}
            />
          </section>
          {fetchesCovers(draft, properties) ? (
            <CheckboxField
              label={intl.formatMessage(messages.covers)}
              hint={intl.formatMessage(messages.coversHint)}
              checked={draft.covers}
              disabled={disabled}
              onChange={(event) => setDraft({ ...draft, covers: event.target.checked })}
            />
          ) : null}
          <section className="stack import-section" aria-labelledby="import-preview-title">
            <h3 id="import-preview-title">{intl.formatMessage(messages.preview)}</h3>
            {outlook && outlook.sampled > 0 ? (
              outlook.reason ? (
                <div className="stack import-setup__outlook" role="alert">
                  <p className="import-preview__warning">
                    {describePlanProblem(
                      intl,
                      outlook.reason,
                      properties.find((p) => p.key === outlook.property)?.label ?? outlook.property ?? '',
                    )}
                  </p>
                  {outlook.suggestion && outlook.reason === 'no_title' ? (
                    <Button variant="secondary" size="small" disabled={disabled} onClick={() => takeAsTitle(outlook.suggestion!)}>
                      {intl.formatMessage(messages.useAsTitle, {
                        field: (() => {
                          const f = draft.fields.find((d) => d.field === outlook.suggestion);
                          return f ? f.label || columnName(f.index + 1) : outlook.suggestion!;
                        })(),
                      })}
                    </Button>
                  ) : null}
                </div>
              ) : (
                <p className="muted">{intl.formatMessage(messages.outlook, { imported: outlook.imported, sampled: outlook.sampled })}</p>
              )
            ) : null}
            {reading.head.idsOnly ? <p className="import-preview__warning">{intl.formatMessage(messages.idsOnly)}</p> : null}
            {reading.loans.loans > 0 ? (
              <p className="muted" data-testid="import-loans">
                {intl.formatMessage(loansEnabled ? messages.loans : messages.loansOff, reading.loans)}
              </p>
            ) : null}
            <ImportPreview
              format={reading.format}
              pictures={reading.pictures}
              covers={plan.covers ?? true}
              plan={plan}
              records={reading.records}
              properties={properties}
              renderValue={renderValue}
            />
          </section>
          {source ? (
            <SelectField
              label={intl.formatMessage(messages.schedule)}
              hint={intl.formatMessage(messages.scheduleHint)}
              value={schedule}
              disabled={disabled}
              onChange={(event) => setSchedule(event.target.value as ImportSchedule | 'never')}
            >
              {(['never', ...IMPORT_SCHEDULES] as const).map((value) => (
                <option key={value} value={value}>
                  {intl.formatMessage(scheduleMessages[value])}
                </option>
              ))}
            </SelectField>
          ) : null}
          {start.error ? <ErrorAlert>{describeStartError(intl, start.error, properties)}</ErrorAlert> : null}
          <div className="actions">
            <Button
              icon={FileUp}
              disabled={disabled || plan.fields.length === 0 || outlook?.reason === 'nothing_mapped'}
              onClick={() => void start.run()}
            >
              {intl.formatMessage(start.busy ? messages.starting : messages.start)}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
