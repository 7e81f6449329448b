// Configuration → Backups: a backup of the whole instance (every account, collection, item, loan and
// stored file) made in the background and downloaded as one zip; and a restore of such a zip into an
// empty instance, checked throughout before anything is written. Runs show their progress as they go.
import { defineMessages, useIntl } from 'react-intl';
import { BACKUP_UPLOAD_MAX_BYTES, type BackupRun } from '@shared/schemas/backups';
import { BackupRestoreForm } from '@web/components/backup-runs/backup-restore-form';
import { BackupRunList } from '@web/components/backup-runs/backup-run-list';
import { BackupRunProblem } from '@web/components/backup-runs/backup-run-problem';
import { BackupStartButton } from '@web/components/backup-runs/backup-start-button';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { formatFileSize } from '@web/lib/file-size';
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
  progress: { id: 'backups.panel.progress', defaultMessage: 'Progress' },
});

const valueMessages = defineMessages<{ fileHint: { size: string } }>({
  fileHint: { id: 'backups.panel.fileHint', defaultMessage: 'A Vitrine backup (.zip), at most {size}.' },
});

const detailMessages = defineMessages<{
  reading: { rows: number; objects: number };
  checking: { done: number; total: number };
  restoring: { done: number; total: number };
  summary: { rows: number; objects: number; size: string };
}>({
  reading: { id: 'backups.detail.reading', defaultMessage: '{rows, number} rows and {objects, number} files read so far' },
  checking: { id: 'backups.detail.checking', defaultMessage: 'Checking the file: {done, number} of {total, number} entries' },
  restoring: { id: 'backups.detail.restoring', defaultMessage: 'Restoring: {done, number} of {total, number} entries' },
  summary: { id: 'backups.detail.summary', defaultMessage: '{rows, number} rows and {objects, number} files, {size}' },
});

const problemMessages = defineMessages({
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
  if (run.status === 'failed') return <BackupRunProblem problem={run.problem} part={run.problemPart} problems={problemMessages} />;
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

export function BackupsPanel({ readOnly }: { readOnly: boolean }) {
  const intl = useIntl();
  const { data, error } = useBackupRuns();
  const { start, restore, remove } = useBackupActions();
  const busy = data?.runs.some((run) => run.status === 'running') ?? false;
  return (
    <>
      <section className="card stack" aria-labelledby="backup-title">
        <h2 id="backup-title">{intl.formatMessage(messages.backupTitle)}</h2>
        <p className="muted">{intl.formatMessage(messages.backupHint)}</p>
        <BackupStartButton label={intl.formatMessage(messages.start)} disabled={readOnly || busy} start={start} />
      </section>
      <section className="card stack" aria-labelledby="restore-title">
        <h2 id="restore-title">{intl.formatMessage(messages.restoreTitle)}</h2>
        <p className="muted">{intl.formatMessage(messages.restoreHint)}</p>
        <BackupRestoreForm
          fieldId="restore-file"
          label={intl.formatMessage(messages.fileLabel)}
          maxBytes={BACKUP_UPLOAD_MAX_BYTES}
          hint={(size) => intl.formatMessage(valueMessages.fileHint, { size })}
          confirmation={intl.formatMessage(messages.confirm)}
          submitLabel={intl.formatMessage(messages.restore)}
          danger
          started={intl.formatMessage(messages.restoreStarted)}
          disabled={readOnly || busy}
          restore={restore}
        />
      </section>
      <section className="card stack" aria-labelledby="backup-history-title">
        <h2 id="backup-history-title">{intl.formatMessage(messages.historyTitle)}</h2>
        {error ? <PageError error={error} /> : null}
        {!data && !error ? <Loading /> : null}
        {data ? (
          <BackupRunList
            runs={data.runs}
            testId={(run) => `backup-run-${run.id}`}
            detail={(run) => <RunDetail run={run} />}
            downloadable={(run) => run.kind === 'backup' && run.status === 'done'}
            download={downloadBackup}
            remove={remove}
          />
        ) : null}
      </section>
    </>
  );
}
