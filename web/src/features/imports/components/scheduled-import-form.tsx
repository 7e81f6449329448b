// Where an import comes from when it is not a file on this device: a file at an address (a published
// spreadsheet, a Tellico or GCstar file), a BoardGameGeek user's collection, or a Goodreads shelf. The
// server fetches it (safely) and the screen reads it like a chosen file; the source can then re-run.
import { CloudDownload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import { IMPORT_SOURCE_KINDS, type ScheduledImportKind, type ScheduledImportSpecInput } from '@shared/schemas/scheduled-imports';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { isApiError } from '@web/lib/api-client';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { fetchSourceDocument } from '../api/imports';
import { describeCoverReason } from '../import-messages';

const messages = defineMessages({
  kind: { id: 'imports.source.kind', defaultMessage: 'Source' },
  url: { id: 'imports.source.url', defaultMessage: 'Address of the file' },
  urlHint: {
    id: 'imports.source.urlHint',
    defaultMessage: 'A spreadsheet published as CSV, or a Tellico, GCstar or Vitrine file on the web (http or https).',
  },
  bgg: { id: 'imports.source.bgg', defaultMessage: 'BoardGameGeek user name' },
  goodreads: { id: 'imports.source.goodreads', defaultMessage: 'Goodreads user id' },
  goodreadsHint: {
    id: 'imports.source.goodreadsHint',
    defaultMessage:
      'The number in your profile’s address (goodreads.com/user/show/123456-name). The shelf must be public; its feed gives its 100 newest books.',
  },
  shelf: { id: 'imports.source.shelf', defaultMessage: 'Shelf' },
  read: { id: 'imports.source.read', defaultMessage: 'Read the source' },
  reading: { id: 'imports.source.reading', defaultMessage: 'Fetching…' },
});

export const sourceKindMessages = defineMessages({
  url: { id: 'imports.sourceKind.url', defaultMessage: 'A file at an address' },
  bgg: { id: 'imports.sourceKind.bgg', defaultMessage: 'A BoardGameGeek collection' },
  goodreads: { id: 'imports.sourceKind.goodreads', defaultMessage: 'A Goodreads shelf' },
}) satisfies Record<ScheduledImportKind, MessageDescriptor>;

/** The name a fetched document gets on the screen. */
function documentName(spec: ScheduledImportSpecInput): string {
  if (spec.kind === 'bgg') return `boardgamegeek-${spec.address}.xml`;
  if (spec.kind === 'goodreads') return `goodreads-${spec.address}-${spec.shelf || 'read'}.xml`;
  let path = '';
  try {
    path = new URL(spec.address).pathname;
  } catch {
    // Not an address: the server says so when asked.
  }
  return path.split('/').filter(Boolean).pop() || 'source';
}

interface ScheduledImportFormProps {
  collectionId: number;
  disabled: boolean;
  onFetched: (file: File, spec: ScheduledImportSpecInput) => void;
}

export function ScheduledImportForm({ collectionId, disabled, onFetched }: ScheduledImportFormProps) {
  const intl = useIntl();
  const [kind, setKind] = useState<ScheduledImportKind>('url');
  const [address, setAddress] = useState('');
  const [shelf, setShelf] = useState('read');
  const spec: ScheduledImportSpecInput = { kind, address: address.trim(), shelf: kind === 'goodreads' ? shelf.trim() || 'read' : null };
  const fetching = useAction(async () => onFetched(await fetchSourceDocument(collectionId, spec, documentName(spec)), spec));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void fetching.run();
  };
  // The server says why an address gave nothing: worded as for a cover that could not be fetched.
  const issue = isApiError(fetching.error) ? fetching.error.fields[0] : undefined;
  const problem = fetching.error
    ? isApiError(fetching.error) && fetching.error.code === 'SOURCE_UNREACHABLE' && issue
      ? `${describeError(intl, fetching.error)} ${describeCoverReason(intl, issue.reason)}`
      : describeError(intl, fetching.error)
    : null;
  const addressLabel = intl.formatMessage(kind === 'url' ? messages.url : kind === 'bgg' ? messages.bgg : messages.goodreads);
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className="import-setup__options">
        <SelectField
          label={intl.formatMessage(messages.kind)}
          value={kind}
          disabled={disabled}
          onChange={(event) => setKind(event.target.value as ScheduledImportKind)}
        >
          {IMPORT_SOURCE_KINDS.map((k) => (
            <option key={k} value={k}>
              {intl.formatMessage(sourceKindMessages[k])}
            </option>
          ))}
        </SelectField>
        <TextField
          label={addressLabel}
          hint={
            kind === 'url'
              ? intl.formatMessage(messages.urlHint)
              : kind === 'goodreads'
                ? intl.formatMessage(messages.goodreadsHint)
                : undefined
          }
          value={address}
          type={kind === 'url' ? 'url' : 'text'}
          inputMode={kind === 'goodreads' ? 'numeric' : undefined}
          autoComplete="off"
          required
          maxLength={kind === 'url' ? 2000 : 64}
          disabled={disabled}
          onChange={(event) => setAddress(event.target.value)}
        />
        {kind === 'goodreads' ? (
          <TextField
            label={intl.formatMessage(messages.shelf)}
            value={shelf}
            maxLength={80}
            disabled={disabled}
            onChange={(event) => setShelf(event.target.value)}
          />
        ) : null}
      </div>
      {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
      <div className="actions">
        <Button type="submit" icon={CloudDownload} disabled={disabled || fetching.busy || spec.address === ''}>
          {intl.formatMessage(fetching.busy ? messages.reading : messages.read)}
        </Button>
      </div>
    </form>
  );
}
