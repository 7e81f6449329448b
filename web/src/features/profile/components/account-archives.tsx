// The profile's backup of one's own collections: made in the background, then downloaded as one zip
// (every collection with its settings, properties, items, loans and pictures); and a restore of such a
// zip, which makes each of its collections again beside the person's own. Runs show their progress.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ARCHIVE_UPLOAD_MAX_BYTES, type AccountArchive, type ArchivedCollection } from '@shared/schemas/account-archives';
import { BackupRestoreForm } from '@web/components/backup-runs/backup-restore-form';
import { BackupRunList } from '@web/components/backup-runs/backup-run-list';
import { BackupRunProblem } from '@web/components/backup-runs/backup-run-problem';
import { BackupStartButton } from '@web/components/backup-runs/backup-start-button';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { paths } from '@web/lib/paths';
import { downloadArchive, useAccountArchiveActions, useAccountArchives } from '../api/account-archives';
import '@web/components/run-list.css';
import './account-archives.css';

const messages = defineMessages({
  title: { id: 'profile.archives.title', defaultMessage: 'Backup of my collections' },
  hint: {
    id: 'profile.archives.hint',
    defaultMessage:
      'One zip holds all your collections: their settings, properties, items, loans and pictures. Restoring it, here or on another Vitrine, adds each of its collections beside yours.',
  },
  start: { id: 'profile.archives.start', defaultMessage: 'Back up my collections' },
  restoreTitle: { id: 'profile.archives.restoreTitle', defaultMessage: 'Restore a backup' },
  fileLabel: { id: 'profile.archives.fileLabel', defaultMessage: 'Backup of collections' },
  restore: { id: 'profile.archives.restore', defaultMessage: 'Restore these collections' },
  restoreStarted: {
    id: 'profile.archives.restoreStarted',
    defaultMessage: 'The file is uploaded: its collections are being made again. Their progress shows below.',
  },
  historyTitle: { id: 'profile.archives.historyTitle', defaultMessage: 'Recent backups and restores (kept a day)' },
  progress: { id: 'profile.archives.progress', defaultMessage: 'Progress' },
  opening: { id: 'profile.archives.opening', defaultMessage: 'Reading the file…' },
  why: { id: 'profile.archives.why', defaultMessage: 'See what and why' },
});

const valueMessages = defineMessages<{
  fileHint: { size: string };
  backedUp: { done: number; total: number };
  restored: { done: number; total: number };
  items: { items: number; pictures: number };
  importing: { processed: number; total: number };
  imported: { total: number; failed: number };
  leftOut: { count: number };
}>({
  fileHint: { id: 'profile.archives.fileHint', defaultMessage: 'A backup of collections made by Vitrine (.zip), at most {size}.' },
  leftOut: {
    id: 'profile.archives.leftOut',
    defaultMessage: '{count, plural, one {# value left out} other {# values left out}}',
  },
  backedUp: { id: 'profile.archives.backedUp', defaultMessage: 'Collections saved: {done, number} of {total, number}' },
  restored: { id: 'profile.archives.restored', defaultMessage: 'Collections restored: {done, number} of {total, number}' },
  items: {
    id: 'profile.archives.items',
    defaultMessage: '{items, plural, one {# item} other {# items}}, {pictures, plural, one {# picture} other {# pictures}}',
  },
  importing: { id: 'profile.archives.importing', defaultMessage: '{processed, number} of {total, plural, one {# item} other {# items}}' },
  imported: {
    id: 'profile.archives.imported',
    defaultMessage: '{total, plural, one {# item} other {# items}}{failed, plural, =0 {} one {, # refused} other {, # refused}}',
  },
});

const problemMessages = defineMessages({
  not_an_archive: {
    id: 'profile.archives.problem.not_an_archive',
    defaultMessage: 'This file is not a backup of collections made by Vitrine: nothing was restored.',
  },
  archive_version: {
    id: 'profile.archives.problem.archive_version',
    defaultMessage: 'This backup was made by another version of Vitrine: nothing more was restored.',
  },
  archive_damaged: {
    id: 'profile.archives.problem.archive_damaged',
    defaultMessage: 'This backup is damaged or cut short: nothing more was restored.',
  },
  step_failed: { id: 'profile.archives.problem.step_failed', defaultMessage: 'The run stopped on an error of the server. Try again.' },
});

/** One collection of a run: its name (a link once restored) and where it stands. */
function CollectionLine({ archive, collection }: { archive: AccountArchive; collection: ArchivedCollection }) {
  const intl = useIntl();
  const name =
    archive.kind === 'restore' && collection.collectionId !== null ? (
      <Link to={paths.collection(collection.collectionId)}>{collection.name}</Link>
    ) : (
      collection.name
    );
  let detail: string;
  if (archive.kind === 'backup')
    detail = intl.formatMessage(valueMessages.items, { items: collection.items, pictures: collection.pictures });
  else if (collection.importStatus === 'done' || collection.importStatus === 'failed')
    detail = intl.formatMessage(valueMessages.imported, { total: collection.processed, failed: collection.failed });
  else if (collection.importStatus)
    detail = intl.formatMessage(valueMessages.importing, { processed: collection.processed, total: collection.total });
  else detail = '';
  if (archive.kind === 'restore' && collection.leftOut > 0)
    detail += `, ${intl.formatMessage(valueMessages.leftOut, { count: collection.leftOut })}`;
  const why = whyLink(archive, collection);
  return (
    <li>
      {name}
      {detail ? <span className="muted"> · {detail}</span> : null}
      {why ? (
        <>
          {' · '}
          <Link to={why}>{intl.formatMessage(messages.why)}</Link>
        </>
      ) : null}
    </li>
  );
}

/**
 * Where a restored collection's import says what it left out and why (its report names each record,
 * value and reason), when it left out anything or failed; null otherwise.
 */
function whyLink(archive: AccountArchive, collection: ArchivedCollection): string | null {
  if (archive.kind !== 'restore' || collection.collectionId === null || collection.importId === null) return null;
  const leftSomething = collection.failed > 0 || collection.leftOut > 0 || collection.importStatus === 'failed';
  return leftSomething ? paths.collectionImportRun(collection.collectionId, collection.importId) : null;
}

function ArchiveDetail({ archive }: { archive: AccountArchive }) {
  const intl = useIntl();
  const total = Math.max(archive.total, 1);
  return (
    <div className="archive-run">
      {archive.status === 'failed' ? (
        <BackupRunProblem problem={archive.problem} part={archive.problemPart} problems={problemMessages} />
      ) : null}
      {archive.status === 'running' ? (
        <progress className="run-progress" max={1} value={archive.restored / total} aria-label={intl.formatMessage(messages.progress)} />
      ) : null}
      <p>
        {archive.kind === 'restore' && (archive.phase === 'upload' || archive.phase === 'open') && archive.status === 'running'
          ? intl.formatMessage(messages.opening)
          : intl.formatMessage(archive.kind === 'backup' ? valueMessages.backedUp : valueMessages.restored, {
              done: archive.restored,
              total: archive.total,
            })}
      </p>
      {archive.collections.length > 0 ? (
        <ul className="archive-collections">
          {archive.collections.map((collection, index) => (
            <CollectionLine key={index} archive={archive} collection={collection} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** `disabled`: demo mode, which shows the section but makes nothing. */
export function AccountArchives({ disabled }: { disabled: boolean }) {
  const intl = useIntl();
  const { data, error } = useAccountArchives();
  const { backUp, restore } = useAccountArchiveActions();
  const busy = data?.archives.some((archive) => archive.status === 'running') ?? false;
  return (
    <section className="card stack" aria-labelledby="archives-title">
      <h2 id="archives-title">{intl.formatMessage(messages.title)}</h2>
      <p className="muted">{intl.formatMessage(messages.hint)}</p>
      <BackupStartButton label={intl.formatMessage(messages.start)} disabled={disabled || busy} start={backUp} />
      <BackupRestoreForm
        fieldId="archive-file"
        title={{ id: 'archive-restore-title', text: intl.formatMessage(messages.restoreTitle) }}
        label={intl.formatMessage(messages.fileLabel)}
        maxBytes={ARCHIVE_UPLOAD_MAX_BYTES}
        hint={(size) => intl.formatMessage(valueMessages.fileHint, { size })}
        submitLabel={intl.formatMessage(messages.restore)}
        started={intl.formatMessage(messages.restoreStarted)}
        disabled={disabled || busy}
        restore={restore}
      />
      <h3>{intl.formatMessage(messages.historyTitle)}</h3>
      {error ? <PageError error={error} /> : null}
      {!data && !error ? <Loading /> : null}
      {data ? (
        <BackupRunList
          runs={data.archives}
          testId={(archive) => `archive-${archive.id}`}
          detail={(archive) => <ArchiveDetail archive={archive} />}
          downloadable={(archive) => Boolean(archive.file)}
          download={downloadArchive}
        />
      ) : null}
    </section>
  );
}
