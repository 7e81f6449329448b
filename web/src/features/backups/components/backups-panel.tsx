// Configuration → Backups: a backup of the whole instance (every account, collection, item, loan and
// stored file) made in the background and downloaded as one zip; and a restore of such a zip into an
// empty instance, checked throughout before anything is written. Runs show their progress as they go.
import { ArchiveRestore, DatabaseBackup, FileDown, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { BACKUP_UPLOAD_MAX_BYTES, type BackupRun } from '@shared/schemas/backups';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { isTooBig, ZipFileField } from '@web/components/zip-file-field';
import { describeError } from '@web/lib/error-messages';
import { formatFileSize } from '@web/lib/file-size';
import { useAction } from '@web/lib/use-action';
import { downloadBackup, useBackupActions, useBackupRuns } from '../api/backups';
import '@web/components/run-list.css';
import './backups.css';

const messages = defineMessages({
  backupTitle: { id: 'backups.panel.backupTitle', defaultMessage: 'Backup' },
  backupHint: {
    id: 'backups.panel.backupHint',
    defaultMessage:
      'A backup holds the whole instance: accounts, settings, collections, items, loans, imports and every stored picture and file, as one zip to keep somewhere safe.',
  },
  start: { id: 'backups.panel.start', defaultMessage: 'Make a backup' },
  restoreTitle: { id: 'backups.panel.restoreTitle', defaultMessage: 'Restore' },
  restoreHint: {
    id: 'backups.panel.restoreHint',
    defaultMessage:
      'A backup is restored into an empty instance: one with no collection and no account but this one. Its accounts, administrator included, come back with their passwords.',
  },
  fileLabel: { id: 'backups.panel.fileLabel', defaultMessage: 'Backup file' },
  change: { id: 'backups.panel.change', defaultMessage: 'Choose another file' },
  confirm: {
    id: 'backups.panel.confirm',
    defaultMessage: 'I understand that the backup’s accounts, settings and collections will fill this instance.',
  },
  restore: { id: 'backups.panel.restore', defaultMessage: 'Restore this backup' },
  restoreStarted: {
    id: 'backups.panel.restoreStarted',
    defaultMessage: 'The file is uploaded: it is being checked, then restored. Its progress shows below.',
  },
  historyTitle: { id: 'backups.panel.historyTitle', defaultMessage: 'Backups and restores' },
  none: { id: 'backups.panel.none', defaultMessage: 'No backup made yet.' },
  download: { id: 'backups.panel.download', defaultMessage: 'Download' },
  remove: { id: 'backups.panel.remove', defaultMessage: 'Remove' },
  progress: { id: 'backups.panel.progress', defaultMessage: 'Progress' },
});

const valueMessages = defineMessages<{ fileHint: { size: string }; tooBig: { size: string }; removeLabel: { date: string } }>({
  fileHint: { id: 'backups.panel.fileHint', defaultMessage: 'A Vitrine backup (.zip), at most {size}.' },
  tooBig: { id: 'backups.panel.tooBig', defaultMessage: 'This file is larger than {size}: it cannot be restored from here.' },
  removeLabel: { id: 'backups.panel.removeLabel', defaultMessage: 'Remove the run of {date}' },
});

const kindMessages = defineMessages<Record<BackupRun['kind'], NoMessageValues>>({
  backup: { id: 'backups.kind.backup', defaultMessage: 'Backup' },
  restore: { id: 'backups.kind.restore', defaultMessage: 'Restore' },
});

const statusMessages = defineMessages<Record<BackupRun['status'], NoMessageValues>>({
  running: { id: 'backups.status.running', defaultMessage: 'Running' },
  done: { id: 'backups.status.done', defaultMessage: 'Done' },
  failed: { id: 'backups.status.failed', defaultMessage: 'Failed' },
});

const detailMessages = defineMessages<{
  reading: { rows: number; objects: number };
  checking: { done: number; total: number };
  restoring: { done: number; total: number };
  summary: { rows: number; objects: number; size: string };
  problemPart: { part: string };
}>({
  reading: { id: 'backups.detail.reading', defaultMessage: '{rows, number} rows and {objects, number} files read so far' },
  checking: { id: 'backups.detail.checking', defaultMessage: 'Checking the file: {done, number} of {total, number} entries' },
  restoring: { id: 'backups.detail.restoring', defaultMessage: 'Restoring: {done, number} of {total, number} entries' },
  summary: { id: 'backups.detail.summary', defaultMessage: '{rows, number} rows and {objects, number} files, {size}' },
  problemPart: { id: 'backups.detail.problemPart', defaultMessage: 'Missing, extra or not as its manifest says: {part}.' },
});

const problemMessages = defineMessages<Record<string, NoMessageValues>>({
  not_a_backup: { id: 'backups.problem.not_a_backup', defaultMessage: 'This file is not a Vitrine backup: nothing was restored.' },
  backup_version: {
    id: 'backups.problem.backup_version',
    defaultMessage: 'This backup was made by another version of Vitrine: restore it into an instance of the same version.',
  },
  backup_damaged: { id: 'backups.problem.backup_damaged', defaultMessage: 'This backup is damaged or cut short: nothing was restored.' },
  not_empty: {
    id: 'backups.problem.not_empty',
    defaultMessage: 'The instance was no longer empty when the restore began: nothing was restored.',
  },
  admin_mismatch: {
    id: 'backups.problem.admin_mismatch',
    defaultMessage: 'This backup’s administrator is another account than this instance’s: nothing was restored.',
  },
  step_failed: { id: 'backups.problem.step_failed', defaultMessage: 'The run stopped on an error of the server. Try again.' },
});

function RunDetail({ run }: { run: BackupRun }) {
  const intl = useIntl();
  if (run.status === 'failed') {
    return (
      <p className="backup-run__problem">
        {intl.formatMessage(problemMessages[run.problem ?? 'step_failed'] ?? problemMessages.step_failed!)}
        {run.problemPart ? ` ${intl.formatMessage(detailMessages.problemPart, { part: run.problemPart })}` : null}
      </p>
    );
  }
  if (run.status === 'done') {
    return (
      <p className="backup-run__detail">
        {intl.formatMessage(detailMessages.summary, { rows: run.rows, objects: run.objects, size: formatFileSize(intl, run.bytes) })}
      </p>
    );
  }
  if (run.kind === 'backup')
    return <p className="backup-run__detail">{intl.formatMessage(detailMessages.reading, { rows: run.rows, objects: run.objects })}</p>;
  const total = Math.max(run.entries, 1);
  const checking = run.phase === 'upload' || run.phase === 'open' || run.phase === 'verify';
  // Checking is the first half of a restore, writing the second.
  const value = checking ? run.restored / total / 2 : 0.5 + run.restored / total / 2;
  return (
    <div className="backup-run__detail">
      <progress className="run-progress" max={1} value={value} aria-label={intl.formatMessage(messages.progress)} />
      <p>{intl.formatMessage(checking ? detailMessages.checking : detailMessages.restoring, { done: run.restored, total: run.entries })}</p>
    </div>
  );
}

function RunList({ runs }: { runs: BackupRun[] }) {
  const intl = useIntl();
  const { remove } = useBackupActions();
  const download = useAction(useCallback((run: BackupRun) => downloadBackup(run), []));
  const removal = useAction(useCallback((run: BackupRun) => remove(run), [remove]));
  const failure = download.error ?? removal.error;
  if (runs.length === 0) return <EmptyState icon={DatabaseBackup} title={intl.formatMessage(messages.none)} compact />;
  return (
    <>
      {failure ? <ErrorAlert>{describeError(intl, failure)}</ErrorAlert> : null}
      <ul className="run-list">
        {runs.map((run) => {
          const date = intl.formatDate(run.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
          return (
            <li key={run.id} className="run-list__run" data-testid={`backup-run-${run.id}`}>
              <div className="run-list__head">
                <span className="run-list__name">
                  {intl.formatMessage(kindMessages[run.kind])} · {date}
                </span>
                <span className={`run-status run-status--${run.status}`}>{intl.formatMessage(statusMessages[run.status])}</span>
              </div>
              <RunDetail run={run} />
              {run.status !== 'running' ? (
                <div className="actions">
                  {run.kind === 'backup' && run.status === 'done' ? (
                    <Button
                      variant="secondary"
                      size="small"
                      icon={FileDown}
                      disabled={download.busy}
                      onClick={() => void download.run(run)}
                    >
                      {intl.formatMessage(messages.download)}
                    </Button>
                  ) : null}
                  <Button
                    variant="quiet"
                    size="small"
                    icon={Trash2}
                    disabled={removal.busy}
                    aria-label={intl.formatMessage(valueMessages.removeLabel, { date })}
                    onClick={() => void removal.run(run)}
                  >
                    {intl.formatMessage(messages.remove)}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function RestoreForm({ readOnly, busy }: { readOnly: boolean; busy: boolean }) {
  const intl = useIntl();
  const { restore } = useBackupActions();
  const [file, setFile] = useState<File | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [started, setStarted] = useState(false);
  const action = useAction(
    useCallback(
      async (chosen: File) => {
        await restore(chosen);
        setFile(null);
        setConfirmed(false);
        setStarted(true);
      },
      [restore],
    ),
  );
  const tooBig = isTooBig(file, BACKUP_UPLOAD_MAX_BYTES);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (file && confirmed && !tooBig) void action.run(file);
  }
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {action.error ? <ErrorAlert>{describeError(intl, action.error)}</ErrorAlert> : null}
      {started && !action.error ? <SuccessStatus>{intl.formatMessage(messages.restoreStarted)}</SuccessStatus> : null}
      <ZipFileField
        id="restore-file"
        label={intl.formatMessage(messages.fileLabel)}
        file={file}
        onFile={(chosen) => {
          setStarted(false);
          setFile(chosen);
        }}
        maxBytes={BACKUP_UPLOAD_MAX_BYTES}
        hint={(size) => intl.formatMessage(valueMessages.fileHint, { size })}
        tooBig={(size) => intl.formatMessage(valueMessages.tooBig, { size })}
        changeLabel={intl.formatMessage(messages.change)}
        disabled={readOnly || busy}
        busy={action.busy}
      />
      {file && !tooBig ? (
        <CheckboxField label={intl.formatMessage(messages.confirm)} checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
      ) : null}
      <div className="actions">
        <Button
          type="submit"
          variant="danger"
          icon={ArchiveRestore}
          disabled={readOnly || busy || action.busy || !file || !confirmed || tooBig}
        >
          {intl.formatMessage(messages.restore)}
        </Button>
      </div>
    </form>
  );
}

export function BackupsPanel({ readOnly }: { readOnly: boolean }) {
  const intl = useIntl();
  const { data, error } = useBackupRuns();
  const { start } = useBackupActions();
  const begin = useAction(useCallback(() => start(), [start]));
  const busy = data?.runs.some((run) => run.status === 'running') ?? false;
  return (
    <>
      <section className="card stack" aria-labelledby="backup-title">
        <h2 id="backup-title">{intl.formatMessage(messages.backupTitle)}</h2>
        <p className="muted">{intl.formatMessage(messages.backupHint)}</p>
        {begin.error ? <ErrorAlert>{describeError(intl, begin.error)}</ErrorAlert> : null}
        <div className="actions">
          <Button icon={DatabaseBackup} disabled={readOnly || busy || begin.busy} onClick={() => void begin.run()}>
            {intl.formatMessage(messages.start)}
          </Button>
        </div>
      </section>
      <section className="card stack" aria-labelledby="restore-title">
        <h2 id="restore-title">{intl.formatMessage(messages.restoreTitle)}</h2>
        <p className="muted">{intl.formatMessage(messages.restoreHint)}</p>
        <RestoreForm readOnly={readOnly} busy={busy} />
      </section>
      <section className="card stack" aria-labelledby="backup-history-title">
        <h2 id="backup-history-title">{intl.formatMessage(messages.historyTitle)}</h2>
        {error ? <PageError error={error} /> : null}
        {!data && !error ? <Loading /> : null}
        {data ? <RunList runs={data.runs} /> : null}
      </section>
    </>
  );
}
