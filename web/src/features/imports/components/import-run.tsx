// One import run: while it goes on, a progress bar with its counts, an estimate of the time left and a
// way to cancel; once over, its report (row numbers by outcome, every record passed over or refused and
// why). The state is the server's: leaving the page and coming back shows the run where it is.
import { CircleStop, Image as ImageIcon, Library } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { IntlShape, NoMessageValues } from 'react-intl';
import type { ImportReport, ImportRun } from '@shared/schemas/imports';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { cancelImport } from '../api/imports';
import { describeCoverReason, describeFileProblem, describeRecordReason, isRunning, statusMessages } from '../import-messages';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { useThumbnailMaker } from '@web/lib/use-thumbnail-maker';
import '@web/components/run-list.css';

const messages = defineMessages<{
  progress: NoMessageValues;
  checking: NoMessageValues;
  counted: { processed: number; total: number };
  left: { minutes: number };
  away: NoMessageValues;
  cancel: NoMessageValues;
  cancelled: NoMessageValues;
  failedKept: NoMessageValues;
  counts: NoMessageValues;
  added: NoMessageValues;
  updated: NoMessageValues;
  unchanged: NoMessageValues;
  skipped: NoMessageValues;
  failed: NoMessageValues;
  kept: NoMessageValues;
  record: NoMessageValues;
  rows: NoMessageValues;
  problems: NoMessageValues;
  row: NoMessageValues;
  outcome: NoMessageValues;
  reason: NoMessageValues;
  property: NoMessageValues;
  text: NoMessageValues;
  seeCollection: NoMessageValues;
  started: { date: string };
  covers: { fetched: number; failed: number };
  coverProblems: NoMessageValues;
  address: NoMessageValues;
}>({
  progress: { id: 'imports.run.progress', defaultMessage: 'Progress of the import' },
  checking: { id: 'imports.run.checking', defaultMessage: 'Reading the whole file before writing anything…' },
  counted: {
    id: 'imports.run.counted',
    defaultMessage: '{processed, number} of {total, plural, one {# record} other {# records}} imported',
  },
  left: {
    id: 'imports.run.left',
    defaultMessage: '{minutes, plural, =0 {Less than a minute left} one {About a minute left} other {About # minutes left}}',
  },
  away: { id: 'imports.run.away', defaultMessage: 'The import goes on in the background: you can leave this page and come back.' },
  cancel: { id: 'imports.run.cancel', defaultMessage: 'Cancel the import' },
  cancelled: {
    id: 'imports.run.cancelledHint',
    defaultMessage: 'What was imported before the cancel is kept. Importing the same file again goes on from there without duplicates.',
  },
  failedKept: {
    id: 'imports.run.failedKept',
    defaultMessage: 'What was imported before the failure is kept. Importing the same file again goes on from there without duplicates.',
  },
  counts: { id: 'imports.run.counts', defaultMessage: 'Records by outcome' },
  added: { id: 'imports.run.added', defaultMessage: 'Added' },
  updated: { id: 'imports.run.updated', defaultMessage: 'Updated' },
  unchanged: { id: 'imports.run.unchanged', defaultMessage: 'Unchanged' },
  skipped: { id: 'imports.run.skipped', defaultMessage: 'Passed over' },
  failed: { id: 'imports.run.failed', defaultMessage: 'Refused' },
  kept: { id: 'imports.run.kept', defaultMessage: 'Imported; this value left out or cut' },
  record: { id: 'imports.run.record', defaultMessage: 'Record' },
  rows: { id: 'imports.run.rows', defaultMessage: 'Rows' },
  problems: { id: 'imports.run.problems', defaultMessage: 'Records not imported as they are' },
  row: { id: 'imports.run.row', defaultMessage: 'Row' },
  outcome: { id: 'imports.run.outcome', defaultMessage: 'Outcome' },
  reason: { id: 'imports.run.reason', defaultMessage: 'Why' },
  property: { id: 'imports.run.property', defaultMessage: 'Property' },
  text: { id: 'imports.run.text', defaultMessage: 'Text in the file' },
  seeCollection: { id: 'imports.run.seeCollection', defaultMessage: 'See the collection' },
  started: { id: 'imports.run.started', defaultMessage: 'Started {date}' },
  covers: {
    id: 'imports.run.covers',
    defaultMessage:
      'Pictures fetched from their addresses: {fetched, number}{failed, plural, =0 {} one {, # could not be} other {, # could not be}}.',
  },
  coverProblems: { id: 'imports.run.coverProblems', defaultMessage: 'Pictures that could not be fetched' },
  address: { id: 'imports.run.address', defaultMessage: 'Address' },
});

const OUTCOMES = ['added', 'updated', 'unchanged', 'skipped', 'failed'] as const;

/** Row ranges for people: [[2, 51], [60, 60]] → "2–51, 60". */
export function formatRanges(intl: IntlShape, ranges: [number, number][]): string {
  return ranges
    .map(([first, last]) => (first === last ? intl.formatNumber(first) : `${intl.formatNumber(first)}–${intl.formatNumber(last)}`))
    .join(', ');
}

/** Minutes left from the pace so far: elapsed time × what is left ÷ what is done. Null until it means something. */
export function minutesLeft(run: Pick<ImportRun, 'createdAt' | 'progress'>, now: number): number | null {
  const elapsed = now - Date.parse(run.createdAt);
  if (!(run.progress > 0.02) || !Number.isFinite(elapsed) || elapsed <= 0) return null;
  return Math.round((elapsed * (1 - run.progress)) / run.progress / 60_000);
}

/** The time, read again every few seconds, for estimates that move while a run goes on. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The progress bar, its counts and the estimate of a run that goes on. */
export function ImportProgress({ run }: { run: ImportRun }) {
  const intl = useIntl();
  const now = useNow();
  const minutes = minutesLeft(run, now);
  return (
    <div className="import-progress">
      <progress className="run-progress" max={1} value={run.progress} aria-label={intl.formatMessage(messages.progress)}>
        {intl.formatNumber(run.progress, { style: 'percent' })}
      </progress>
      <p className="import-progress__line">
        <span>
          {run.status === 'fetching' || run.status === 'checking' || run.total === null
            ? intl.formatMessage(messages.checking)
            : intl.formatMessage(messages.counted, { processed: run.processed, total: run.total })}
        </span>
        {minutes !== null ? <span className="muted">{intl.formatMessage(messages.left, { minutes })}</span> : null}
      </p>
    </div>
  );
}

/** The five counts of a run. */
export function ImportCounts({ run }: { run: ImportRun }) {
  const intl = useIntl();
  return (
    <dl className="run-counts" aria-label={intl.formatMessage(messages.counts)}>
      {OUTCOMES.map((outcome) => (
        <div key={outcome} className={`run-counts__entry run-counts__entry--${outcome}`}>
          <dt>{intl.formatMessage(messages[outcome])}</dt>
          <dd>{intl.formatNumber(run.counts[outcome])}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ImportRunReportProps {
  report: ImportReport;
  /** The collection's properties, to name those the problems are about. */
  properties: readonly { key: string; label: string }[];
  onChange: (run: ImportRun) => void;
  /** The run has just ended: what shows the collection's items and properties reads them again. */
  onFinished: () => void;
}

export function ImportRunReport({ report, properties, onChange, onFinished }: ImportRunReportProps) {
  const intl = useIntl();
  const running = isRunning(report.status);
  const cancel = useAction(async () => onChange(await cancelImport(report.collectionId, report.id)));
  // Items and new properties change as the run writes: the collection's screens read them again as it ends,
  // and when its page opens on a run already ended (a small file ends before the page has loaded).
  const wasRunning = useRef(true);
  useEffect(() => {
    if (wasRunning.current && !running) onFinished();
    wasRunning.current = running;
  }, [running, onFinished]);

  // The pictures it stored have no thumbnails yet: they are made here once it has ended.
  const demo = useDemoMode();
  useThumbnailMaker(report.collectionId, !running && !demo, report.id);

  const rowsOf = (['added', 'updated', 'unchanged'] as const).filter((outcome) => report.rows[outcome].length > 0);
  return (
    <div className="stack">
      <p className="import-run__state">
        <span className={`run-status run-status--${report.status}`}>{intl.formatMessage(statusMessages[report.status])}</span>
        <span className="muted">
          {intl.formatMessage(messages.started, { date: intl.formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </span>
      </p>
      {running ? (
        <>
          <ImportProgress run={report} />
          <p className="muted">{intl.formatMessage(messages.away)}</p>
        </>
      ) : null}
      {report.status === 'failed' && report.error ? (
        <ErrorAlert>
          {describeFileProblem(intl, report.error, report.errorDetails ?? {})} {intl.formatMessage(messages.failedKept)}
        </ErrorAlert>
      ) : null}
      {report.status === 'cancelled' ? <p className="muted">{intl.formatMessage(messages.cancelled)}</p> : null}
      <ImportCounts run={report} />
      {rowsOf.length > 0 ? (
        <dl className="import-rows">
          {rowsOf.map((outcome) => (
            <div key={outcome}>
              <dt>
                {intl.formatMessage(messages[outcome])} · {intl.formatMessage(messages.rows)}
              </dt>
              <dd>{formatRanges(intl, report.rows[outcome])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {report.covers ? (
        <p className="import-run__covers">
          <ImageIcon size={16} aria-hidden="true" />{' '}
          {intl.formatMessage(messages.covers, { fetched: report.covers.fetched, failed: report.covers.failed })}
        </p>
      ) : null}
      {report.coverProblems.length > 0 ? (
        <section className="stack import-section" aria-labelledby="import-cover-problems-title">
          <h3 id="import-cover-problems-title">{intl.formatMessage(messages.coverProblems)}</h3>
          <div className="table-wrap">
            <table className="table table--stack import-problems">
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(messages.address)}</th>
                  <th scope="col">{intl.formatMessage(messages.reason)}</th>
                </tr>
              </thead>
              <tbody>
                {report.coverProblems.map((problem) => (
                  <tr key={problem.address}>
                    <td data-label={intl.formatMessage(messages.address)} className="import-problems__address">
                      {problem.address}
                    </td>
                    <td data-label={intl.formatMessage(messages.reason)}>{describeCoverReason(intl, problem.reason)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {report.problems.length > 0 ? (
        <section className="stack import-section" aria-labelledby="import-problems-title">
          <h3 id="import-problems-title">{intl.formatMessage(messages.problems)}</h3>
          <div className="table-wrap">
            <table className="table table--stack import-problems">
              <thead>
                <tr>
                  {[messages.row, messages.record, messages.outcome, messages.reason, messages.property, messages.text].map((m) => (
                    <th key={m.id} scope="col">
                      {intl.formatMessage(m)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.problems.map((problem, index) => (
                  <tr key={index}>
                    <td data-label={intl.formatMessage(messages.row)}>{intl.formatNumber(problem.row)}</td>
                    <td data-label={intl.formatMessage(messages.record)}>{problem.title ?? ''}</td>
                    <td data-label={intl.formatMessage(messages.outcome)}>{intl.formatMessage(messages[problem.outcome])}</td>
                    <td data-label={intl.formatMessage(messages.reason)}>{describeRecordReason(intl, problem.reason)}</td>
                    <td data-label={intl.formatMessage(messages.property)}>
                      {problem.property ? (properties.find((p) => p.key === problem.property)?.label ?? problem.property) : ''}
                    </td>
                    <td data-label={intl.formatMessage(messages.text)}>{problem.text ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {cancel.error ? <ErrorAlert>{describeError(intl, cancel.error)}</ErrorAlert> : null}
      <div className="actions">
        {running ? (
          <Button variant="secondary" icon={CircleStop} disabled={cancel.busy} onClick={() => void cancel.run()}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        ) : (
          <ButtonLink icon={Library} to={paths.collection(report.collectionId)}>
            {intl.formatMessage(messages.seeCollection)}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
