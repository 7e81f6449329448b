// The collection's scheduled imports: where each comes from, how often it runs (changeable), when
// it runs next, its newest run and how many failed in a row; run one now, or stop re-running it.
import { Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { Link } from 'react-router-dom';
import { IMPORT_SCHEDULES, type ImportSchedule, type ScheduledImport } from '@shared/schemas/scheduled-imports';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/select-field';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { removeSource, rescheduleSource, runSource, useScheduledImports } from '../api/imports';
import { statusMessages } from '../import-messages';
import { sourceKindMessages } from './scheduled-import-form';
import { scheduleMessages } from './import-setup';

const messages = defineMessages<{
  title: NoMessageValues;
  next: { date: string };
  last: NoMessageValues;
  failing: { count: number };
  schedule: NoMessageValues;
  run: NoMessageValues;
  remove: NoMessageValues;
  keep: NoMessageValues;
  confirmRemove: { address: string };
}>({
  title: { id: 'imports.sources.title', defaultMessage: 'Imports that run again' },
  next: { id: 'imports.sources.next', defaultMessage: 'Next run: {date}' },
  last: { id: 'imports.sources.last', defaultMessage: 'Newest run' },
  failing: {
    id: 'imports.sources.failing',
    defaultMessage:
      '{count, plural, one {The newest run failed.} other {The # newest runs failed.}} Vitrine tries again sooner, and emails you at the third failure in a row.',
  },
  schedule: { id: 'imports.sources.schedule', defaultMessage: 'How often' },
  run: { id: 'imports.sources.run', defaultMessage: 'Run now' },
  remove: { id: 'imports.sources.remove', defaultMessage: 'Stop' },
  keep: { id: 'imports.sources.keep', defaultMessage: 'Keep it' },
  confirmRemove: {
    id: 'imports.sources.confirmRemove',
    defaultMessage: 'Stop importing from {address}? Its past runs and what they imported stay.',
  },
});

function SourceEntry({
  source,
  onChanged,
  onStarted,
}: {
  source: ScheduledImport;
  onChanged: () => void;
  onStarted: (runId: number) => void;
}) {
  const intl = useIntl();
  const reschedule = useAction(async (schedule: ImportSchedule) => {
    await rescheduleSource(source.collectionId, source.id, schedule);
    onChanged();
  });
  const run = useAction(async () => onStarted((await runSource(source.collectionId, source.id)).id));
  const [confirming, setConfirming] = useState(false);
  const remove = useAction(async () => {
    await removeSource(source.collectionId, source.id);
    onChanged();
  });
  const error = reschedule.error ?? run.error ?? remove.error;
  const busy = reschedule.busy || run.busy || remove.busy;
  return (
    <li className="import-source">
      <div className="import-source__what">
        <strong>{intl.formatMessage(sourceKindMessages[source.kind])}</strong>
        <p>{source.kind === 'goodreads' ? `${source.address} · ${source.shelf}` : source.address}</p>
        <p className="muted">
          {intl.formatMessage(messages.next, { date: intl.formatDate(source.nextRunAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </p>
        {source.lastRun ? (
          <p>
            {intl.formatMessage(messages.last)}:{' '}
            <Link to={paths.collectionImportRun(source.collectionId, source.lastRun.id)}>
              {intl.formatMessage(statusMessages[source.lastRun.status])} ·{' '}
              {intl.formatDate(source.lastRun.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            </Link>
          </p>
        ) : null}
        {source.failures > 0 ? (
          <p className="import-source__failing">{intl.formatMessage(messages.failing, { count: source.failures })}</p>
        ) : null}
        {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      </div>
      <SelectField
        label={intl.formatMessage(messages.schedule)}
        value={source.schedule}
        disabled={busy}
        onChange={(event) => void reschedule.run(event.target.value as ImportSchedule)}
      >
        {IMPORT_SCHEDULES.map((value) => (
          <option key={value} value={value}>
            {intl.formatMessage(scheduleMessages[value])}
          </option>
        ))}
      </SelectField>
      <div className="actions">
        <Button variant="secondary" size="small" icon={Play} disabled={busy} onClick={() => void run.run()}>
          {intl.formatMessage(messages.run)}
        </Button>
        {confirming ? null : (
          <Button variant="secondary" size="small" icon={Trash2} disabled={busy} onClick={() => setConfirming(true)}>
            {intl.formatMessage(messages.remove)}
          </Button>
        )}
      </div>
      {confirming ? (
        <div className="import-source__confirm" role="group" aria-label={intl.formatMessage(messages.remove)}>
          <p>{intl.formatMessage(messages.confirmRemove, { address: source.address })}</p>
          <div className="actions">
            <Button variant="danger" size="small" icon={Trash2} disabled={busy} onClick={() => void remove.run()}>
              {intl.formatMessage(messages.remove)}
            </Button>
            <Button variant="secondary" size="small" disabled={busy} onClick={() => setConfirming(false)}>
              {intl.formatMessage(messages.keep)}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The sources, under their title; nothing at all while the collection has none. */
export function ScheduledImports({
  collectionId,
  readOnly,
  onStarted,
}: {
  collectionId: number;
  readOnly: boolean;
  onStarted: (runId: number) => void;
}) {
  const intl = useIntl();
  const { data, mutate } = useScheduledImports(collectionId);
  if (!data || data.sources.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="scheduled-imports-title">
      <h2 id="scheduled-imports-title">{intl.formatMessage(messages.title)}</h2>
      <fieldset className="scheduled-imports-fieldset" disabled={readOnly}>
        <ul className="scheduled-imports">
          {data.sources.map((source) => (
            <SourceEntry key={source.id} source={source} onChanged={() => void mutate()} onStarted={onStarted} />
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
