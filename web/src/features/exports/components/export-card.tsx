// The collection as a file, from its settings: Vitrine's JSON (which imports back into an identical
// collection) or CSV for spreadsheets, downloaded at once; or a zip of the JSON with the pictures, made
// in the background with its progress shown, then downloaded. Exporting changes nothing, so the demo
// offers the JSON and the CSV too; the zip is stored for a day, so the demo leaves it out.
import { FileArchive, FileDown } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ExportRun } from '@shared/schemas/exports';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { formatFileSize } from '@web/lib/file-size';
import { useAction } from '@web/lib/use-action';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { downloadExport, downloadZipExport, startZipExport, useZipExports, type ExportFormat } from '../api/exports';
import '@web/components/run-list.css';
import './exports.css';

const messages = defineMessages({
  title: { id: 'exports.card.title', defaultMessage: 'Export' },
  hint: {
    id: 'exports.card.hint',
    defaultMessage:
      'Take the collection out as a file: JSON keeps its properties and imports back into Vitrine; CSV opens in spreadsheets.',
  },
  json: { id: 'exports.card.json', defaultMessage: 'Download JSON' },
  csv: { id: 'exports.card.csv', defaultMessage: 'Download CSV' },
  zip: { id: 'exports.card.zip', defaultMessage: 'JSON with pictures (zip)' },
  zipHint: {
    id: 'exports.card.zipHint',
    defaultMessage:
      'The zip holds the JSON and every picture of the items; imported into Vitrine, it brings the pictures back. It is made in the background and kept for a day.',
  },
  progress: { id: 'exports.card.progress', defaultMessage: 'Progress of the export' },
  again: { id: 'exports.card.again', defaultMessage: 'Download the zip' },
  failed: { id: 'exports.card.failed', defaultMessage: 'The export with pictures stopped on an error of the server. Try again.' },
});

const stateMessages = defineMessages<{
  document: { done: number; total: number };
  pictures: { count: number; size: string };
  done: { items: number; count: number; size: string };
  kept: { items: number; count: number; size: string; date: string };
}>({
  document: { id: 'exports.zip.document', defaultMessage: 'Writing the items: {done, number} of {total, number}' },
  pictures: { id: 'exports.zip.pictures', defaultMessage: 'Gathering the pictures: {count, number} so far ({size})' },
  done: {
    id: 'exports.zip.done',
    defaultMessage: 'Ready: {items, number} items and {count, number} pictures ({size}). The download has started.',
  },
  kept: {
    id: 'exports.zip.kept',
    defaultMessage: 'Zip of {date}: {items, number} items and {count, number} pictures ({size}), kept for a day.',
  },
});

/** How far a run is, 0–1: the items are most of the work, the pictures the last tenth. */
const progressOf = (run: ExportRun) =>
  run.status === 'done' ? 1 : run.phase === 'document' ? (run.items / Math.max(run.total, 1)) * 0.9 : 0.9;

function ZipProgress({ run, startedHere }: { run: ExportRun; startedHere: boolean }) {
  const intl = useIntl();
  const size = formatFileSize(intl, run.bytes);
  if (run.status === 'failed') return <ErrorAlert>{intl.formatMessage(messages.failed)}</ErrorAlert>;
  if (run.status === 'done') {
    const values = {
      items: run.items,
      count: run.pictures,
      size,
      date: intl.formatDate(run.finishedAt ?? run.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
    };
    return <SuccessStatus>{intl.formatMessage(startedHere ? stateMessages.done : stateMessages.kept, values)}</SuccessStatus>;
  }
  return (
    <div className="export-zip__progress">
      <progress className="run-progress" max={1} value={progressOf(run)} aria-label={intl.formatMessage(messages.progress)} />
      <p role="status">
        {run.phase === 'document'
          ? intl.formatMessage(stateMessages.document, { done: run.items, total: run.total })
          : intl.formatMessage(stateMessages.pictures, { count: run.pictures, size })}
      </p>
    </div>
  );
}

export function ExportCard({ collectionId, name }: { collectionId: number; name: string }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const download = useAction(useCallback((format: ExportFormat) => downloadExport(collectionId, format, name), [collectionId, name]));
  // The newest export still kept shows, even one started on an earlier visit (it stays a day).
  const { data: list, mutate: reread } = useZipExports(demo ? null : collectionId);
  const run = demo ? undefined : list?.runs[0];
  const [startedId, setStartedId] = useState<number | null>(null);
  const start = useAction(
    useCallback(async () => {
      setStartedId((await startZipExport(collectionId)).id);
      await reread();
    }, [collectionId, reread]),
  );
  const zipDownload = useAction(useCallback((made: ExportRun) => downloadZipExport(collectionId, made, name), [collectionId, name]));
  // The zip started on this visit downloads once, as soon as it is ready; any kept one, on request.
  const downloaded = useRef<number | null>(null);
  const { run: saveZip } = zipDownload;
  useEffect(() => {
    if (run?.status === 'done' && run.id === startedId && downloaded.current !== run.id) {
      downloaded.current = run.id;
      void saveZip(run);
    }
  }, [run, startedId, saveZip]);
  const running = start.busy || run?.status === 'running';
  const failure = download.error ?? start.error ?? zipDownload.error;
  return (
    <section className="card" aria-labelledby="manage-export-title">
      <h2 id="manage-export-title">{intl.formatMessage(messages.title)}</h2>
      <p className="muted">{intl.formatMessage(messages.hint)}</p>
      {failure ? <ErrorAlert>{describeError(intl, failure)}</ErrorAlert> : null}
      <div className="actions">
        <Button variant="secondary" icon={FileDown} disabled={download.busy} onClick={() => void download.run('json')}>
          {intl.formatMessage(messages.json)}
        </Button>
        <Button variant="secondary" icon={FileDown} disabled={download.busy} onClick={() => void download.run('csv')}>
          {intl.formatMessage(messages.csv)}
        </Button>
        {demo ? null : (
          <Button variant="secondary" icon={FileArchive} disabled={running} onClick={() => void start.run()}>
            {intl.formatMessage(messages.zip)}
          </Button>
        )}
      </div>
      {demo ? null : <p className="muted">{intl.formatMessage(messages.zipHint)}</p>}
      {run ? <ZipProgress run={run} startedHere={run.id === startedId} /> : null}
      {run?.status === 'done' ? (
        <div className="actions">
          <Button variant="secondary" icon={FileArchive} disabled={zipDownload.busy} onClick={() => void zipDownload.run(run)}>
            {intl.formatMessage(messages.again)}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
