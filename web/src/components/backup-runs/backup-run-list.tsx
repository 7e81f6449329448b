// The list of backups and restores shown by Configuration → Backups (the whole instance) and by the
// profile (one's own collections): newest first, each named by its kind and date with a state pill,
// what the feature says of it underneath, then its download and, where offered, its removal.
import { DatabaseBackup, FileDown, Trash2 } from 'lucide-react';
import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import '@web/components/run-list.css';

/** What the instance's backup runs and a person's archives have in common. */
export interface BackupRunSummary {
  id: number;
  kind: 'backup' | 'restore';
  status: 'running' | 'done' | 'failed';
  createdAt: string;
}

const messages = defineMessages({
  none: { id: 'components.backupRuns.none', defaultMessage: 'No backup made yet.' },
  download: { id: 'components.backupRuns.download', defaultMessage: 'Download' },
  remove: { id: 'components.backupRuns.remove', defaultMessage: 'Remove' },
});

const valueMessages = defineMessages<{ removeLabel: { date: string } }>({
  removeLabel: { id: 'components.backupRuns.removeLabel', defaultMessage: 'Remove the run of {date}' },
});

const kindMessages = defineMessages<Record<BackupRunSummary['kind'], NoMessageValues>>({
  backup: { id: 'components.backupRuns.kind.backup', defaultMessage: 'Backup' },
  restore: { id: 'components.backupRuns.kind.restore', defaultMessage: 'Restore' },
});

const statusMessages = defineMessages<Record<BackupRunSummary['status'], NoMessageValues>>({
  running: { id: 'components.backupRuns.status.running', defaultMessage: 'Running' },
  done: { id: 'components.backupRuns.status.done', defaultMessage: 'Done' },
  failed: { id: 'components.backupRuns.status.failed', defaultMessage: 'Failed' },
});

interface BackupRunListProps<Run extends BackupRunSummary> {
  runs: readonly Run[];
  /** The list item's test id, which the tests follow a run by. */
  testId: (run: Run) => string;
  /** What the run says under its name: progress, outcome or failure. */
  detail: (run: Run) => ReactNode;
  /** Whether the run has a zip to download now. */
  downloadable: (run: Run) => boolean;
  download: (run: Run) => Promise<void>;
  /** Where runs can be removed: an ended one offers it. */
  remove?: (run: Run) => Promise<void>;
}

export function BackupRunList<Run extends BackupRunSummary>({
  runs,
  testId,
  detail,
  downloadable,
  download,
  remove,
}: BackupRunListProps<Run>) {
  const intl = useIntl();
  const downloading = useAction(useCallback((run: Run) => download(run), [download]));
  const removal = useAction(useCallback((run: Run) => (remove ? remove(run) : Promise.resolve()), [remove]));
  const failure = downloading.error ?? removal.error;
  if (runs.length === 0) return <EmptyState icon={DatabaseBackup} title={intl.formatMessage(messages.none)} compact />;
  return (
    <>
      {failure ? <ErrorAlert>{describeError(intl, failure)}</ErrorAlert> : null}
      <ul className="run-list">
        {runs.map((run) => {
          const date = intl.formatDate(run.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
          const canDownload = downloadable(run);
          const canRemove = remove !== undefined && run.status !== 'running';
          return (
            <li key={run.id} className="run-list__run" data-testid={testId(run)}>
              <div className="run-list__head">
                <span className="run-list__name">
                  {intl.formatMessage(kindMessages[run.kind])} · {date}
                </span>
                <span className={`run-status run-status--${run.status}`}>{intl.formatMessage(statusMessages[run.status])}</span>
              </div>
              {detail(run)}
              {canDownload || canRemove ? (
                <div className="actions">
                  {canDownload ? (
                    <Button
                      variant="secondary"
                      size="small"
                      icon={FileDown}
                      disabled={downloading.busy}
                      onClick={() => void downloading.run(run)}
                    >
                      {intl.formatMessage(messages.download)}
                    </Button>
                  ) : null}
                  {canRemove ? (
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
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
