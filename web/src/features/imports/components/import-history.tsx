// The collection's imports, newest first: each with its file, state, counts (or its progress while it
// runs) and a link to its full report.
import { FileClock } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { Link } from 'react-router-dom';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { paths } from '@web/lib/paths';
import { useImportRuns } from '../api/imports';
import { formatMessages, isRunning, statusMessages } from '../import-messages';
import { ImportProgress } from './import-run';
import '@web/components/run-list.css';

const messages = defineMessages<{
  none: NoMessageValues;
  summary: { added: number; updated: number; unchanged: number; skipped: number; failed: number };
  when: { format: string; date: string };
}>({
  none: { id: 'imports.history.none', defaultMessage: 'No imports into this collection yet.' },
  summary: {
    id: 'imports.history.summary',
    defaultMessage:
      '{added, number} added, {updated, number} updated, {unchanged, number} unchanged, {skipped, number} passed over, {failed, number} refused',
  },
  when: { id: 'imports.history.when', defaultMessage: '{format} · {date}' },
});

export function ImportHistory({ collectionId }: { collectionId: number }) {
  const intl = useIntl();
  const { data, error } = useImportRuns(collectionId);
  if (error) return <PageError error={error} />;
  if (!data) return <Loading />;
  if (data.imports.length === 0) return <EmptyState icon={FileClock} title={intl.formatMessage(messages.none)} compact />;
  return (
    <ul className="run-list">
      {data.imports.map((run) => (
        <li key={run.id} className="run-list__run import-history__run">
          <div className="run-list__head">
            <Link to={paths.collectionImportRun(collectionId, run.id)} className="run-list__name">
              {run.fileName}
            </Link>
            <span className={`run-status run-status--${run.status}`}>{intl.formatMessage(statusMessages[run.status])}</span>
          </div>
          <p className="muted import-history__when">
            {intl.formatMessage(messages.when, {
              format: intl.formatMessage(formatMessages[run.format]),
              date: intl.formatDate(run.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </p>
          {isRunning(run.status) ? (
            <ImportProgress run={run} />
          ) : (
            <p className="import-history__counts">{intl.formatMessage(messages.summary, run.counts)}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
