// One list of codes: while it goes on, a progress bar and a Stop button; its counts; then each code with
// what became of it (the item added or already held, or why not), newest lists kept for the collection.
import { Square } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { Link } from 'react-router-dom';
import type { SourceProblem, SourceQueueCode, SourceQueueOutcome, SourceQueueReport, SourceQueueRun } from '@shared/schemas/sources';
import { SOURCE_PROBLEMS } from '@shared/schemas/sources';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { useThumbnailMaker } from '@web/lib/use-thumbnail-maker';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { cancelSourceQueue } from '../api/source-queues';
import { problemMessages } from '../source-messages';
import '@web/components/run-list.css';
import './sources.css';

export const queueMessages = defineMessages<{
  running: NoMessageValues;
  done: NoMessageValues;
  cancelled: NoMessageValues;
  failed: NoMessageValues;
  name: { count: number };
  started: { date: string };
}>({
  running: { id: 'sources.queue.status.running', defaultMessage: 'In progress' },
  done: { id: 'sources.queue.status.done', defaultMessage: 'Done' },
  cancelled: { id: 'sources.queue.status.cancelled', defaultMessage: 'Stopped' },
  failed: { id: 'sources.queue.status.failed', defaultMessage: 'Failed' },
  name: { id: 'sources.queue.name', defaultMessage: '{count, plural, one {List of # code} other {List of # codes}}' },
  started: { id: 'sources.queue.started', defaultMessage: 'Started {date}' },
});

const messages = defineMessages<{
  progress: NoMessageValues;
  counted: { processed: number; total: number };
  away: NoMessageValues;
  stop: NoMessageValues;
  counts: NoMessageValues;
  added: NoMessageValues;
  owned: NoMessageValues;
  missing: NoMessageValues;
  failedCount: NoMessageValues;
  codes: NoMessageValues;
  waiting: NoMessageValues;
  addedAs: { title: string };
  ownedAs: NoMessageValues;
  missingText: NoMessageValues;
  invalidValues: NoMessageValues;
  failedText: NoMessageValues;
  gone: { title: string };
  failedRun: NoMessageValues;
  cancelledRun: NoMessageValues;
}>({
  progress: { id: 'sources.queue.progress', defaultMessage: 'Progress of the list' },
  counted: { id: 'sources.queue.counted', defaultMessage: '{processed} of {total} codes looked up' },
  away: {
    id: 'sources.queue.away',
    defaultMessage: 'You can leave this page: the list goes on, and this page shows where it stands when you come back.',
  },
  stop: { id: 'sources.queue.stop', defaultMessage: 'Stop' },
  counts: { id: 'sources.queue.counts', defaultMessage: 'What became of the codes' },
  added: { id: 'sources.queue.added', defaultMessage: 'Added' },
  owned: { id: 'sources.queue.owned', defaultMessage: 'Already held' },
  missing: { id: 'sources.queue.missing', defaultMessage: 'Not found' },
  failedCount: { id: 'sources.queue.failedCount', defaultMessage: 'Failed' },
  codes: { id: 'sources.queue.codes', defaultMessage: 'Codes' },
  waiting: { id: 'sources.queue.waiting', defaultMessage: 'Waiting' },
  addedAs: { id: 'sources.queue.addedAs', defaultMessage: 'Added: {title}' },
  ownedAs: { id: 'sources.queue.ownedAs', defaultMessage: 'Already in the collection' },
  missingText: { id: 'sources.queue.missingText', defaultMessage: 'No catalogue knows this code.' },
  invalidValues: {
    id: 'sources.queue.invalidValues',
    defaultMessage: 'The collection refused its values (a required property the catalogue leaves empty?).',
  },
  failedText: { id: 'sources.queue.failedText', defaultMessage: 'Could not be looked up.' },
  gone: { id: 'sources.queue.gone', defaultMessage: 'Added: {title} (deleted since)' },
  failedRun: { id: 'sources.queue.failedRun', defaultMessage: 'The list stopped on an error. The items it added stay.' },
  cancelledRun: {
    id: 'sources.queue.cancelledRun',
    defaultMessage: 'The list was stopped. The items it added stay; the codes still waiting were left.',
  },
});

const COUNTS: { key: SourceQueueOutcome; label: 'added' | 'owned' | 'missing' | 'failedCount' }[] = [
  { key: 'added', label: 'added' },
  { key: 'owned', label: 'owned' },
  { key: 'missing', label: 'missing' },
  { key: 'failed', label: 'failedCount' },
];

const countOf = (run: SourceQueueRun, outcome: SourceQueueOutcome) => run[outcome];

const isSourceProblem = (problem: string | null): problem is SourceProblem =>
  (SOURCE_PROBLEMS as readonly string[]).includes(problem ?? '');

function CodeOutcome({
  entry,
  collectionId,
  sourceName,
}: {
  entry: SourceQueueCode;
  collectionId: number;
  sourceName: (id: string) => string;
}) {
  const intl = useIntl();
  switch (entry.outcome) {
    case null:
      return <span className="muted">{intl.formatMessage(messages.waiting)}</span>;
    case 'added':
      return entry.itemId !== null ? (
        <Link to={paths.item(collectionId, entry.itemId)}>{intl.formatMessage(messages.addedAs, { title: entry.title ?? '' })}</Link>
      ) : (
        <span>{intl.formatMessage(messages.gone, { title: entry.title ?? '' })}</span>
      );
    case 'owned':
      return entry.itemId !== null ? (
        <Link to={paths.item(collectionId, entry.itemId)}>{intl.formatMessage(messages.ownedAs)}</Link>
      ) : (
        <span>{intl.formatMessage(messages.ownedAs)}</span>
      );
    case 'missing':
      return <span>{intl.formatMessage(messages.missingText)}</span>;
    case 'failed':
      return (
        <span className="source-queue__failed">
          {entry.problem === 'invalid_values'
            ? intl.formatMessage(messages.invalidValues)
            : isSourceProblem(entry.problem)
              ? intl.formatMessage(problemMessages[entry.problem], { source: sourceName(entry.source ?? '') })
              : intl.formatMessage(messages.failedText)}
        </span>
      );
  }
}

interface SourceQueueReportViewProps {
  report: SourceQueueReport;
  /** A source's name by its id (the page has the collection's offers). */
  sourceName: (id: string) => string;
  onChange: (run: SourceQueueRun) => void;
  /** The list has just ended: the collection's items are read again. */
  onFinished: () => void;
}

export function SourceQueueReportView({ report, sourceName, onChange, onFinished }: SourceQueueReportViewProps) {
  const intl = useIntl();
  const demo = useDemoMode();
  const running = report.status === 'running';
  const stop = useAction(async () => onChange(await cancelSourceQueue(report.collectionId, report.id)));
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) onFinished();
    wasRunning.current = running;
  }, [running, onFinished]);
  // The covers it fetched have no thumbnails yet: they are made here once it has ended.
  useThumbnailMaker(report.collectionId, !running && !demo, report.id);
  return (
    <div className="stack">
      <p className="source-queue__state">
        <span className={`run-status run-status--${report.status}`}>{intl.formatMessage(queueMessages[report.status])}</span>
        <span className="muted">
          {intl.formatMessage(queueMessages.started, {
            date: intl.formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </span>
      </p>
      {running ? (
        <>
          <progress className="run-progress" max={report.total} value={report.processed} aria-label={intl.formatMessage(messages.progress)}>
            {intl.formatNumber(report.processed / report.total, { style: 'percent' })}
          </progress>
          <p className="source-queue__line">
            <span>{intl.formatMessage(messages.counted, { processed: report.processed, total: report.total })}</span>
            {!demo ? (
              <Button variant="secondary" size="small" icon={Square} disabled={stop.busy} onClick={() => void stop.run()}>
                {intl.formatMessage(messages.stop)}
              </Button>
            ) : null}
          </p>
          <p className="muted">{intl.formatMessage(messages.away)}</p>
        </>
      ) : null}
      {stop.error ? <ErrorAlert>{describeError(intl, stop.error)}</ErrorAlert> : null}
      {report.status === 'failed' ? <ErrorAlert>{intl.formatMessage(messages.failedRun)}</ErrorAlert> : null}
      {report.status === 'cancelled' ? <p className="muted">{intl.formatMessage(messages.cancelledRun)}</p> : null}
      <dl className="run-counts" aria-label={intl.formatMessage(messages.counts)}>
        {COUNTS.map(({ key, label }) => (
          <div key={key} className={`run-counts__entry run-counts__entry--${key}`}>
            <dt>{intl.formatMessage(messages[label])}</dt>
            <dd>{intl.formatNumber(countOf(report, key))}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="queue-codes-title" className="stack">
        <h2 id="queue-codes-title">{intl.formatMessage(messages.codes)}</h2>
        <ol className="source-queue__codes">
          {report.codes.map((entry) => (
            <li key={entry.code} className="source-queue__code" data-outcome={entry.outcome ?? 'waiting'}>
              <code>{entry.code}</code>
              <CodeOutcome entry={entry} collectionId={report.collectionId} sourceName={sourceName} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
