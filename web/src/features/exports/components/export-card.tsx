// The collection as a file, from its settings: Vitrine's JSON (which imports back into an identical
// collection) or CSV for spreadsheets. Exporting changes nothing, so the demo offers it too.
import { FileDown } from 'lucide-react';
import { useCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { ErrorAlert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { describeError } from '../../../lib/error-messages';
import { useAction } from '../../../lib/use-action';
import { downloadExport, type ExportFormat } from '../api/exports';

const messages = defineMessages({
  title: { id: 'exports.card.title', defaultMessage: 'Export' },
  hint: {
    id: 'exports.card.hint',
    defaultMessage: 'Take the collection out as a file: JSON keeps its properties and imports back into Vitrine; CSV opens in spreadsheets.',
  },
  json: { id: 'exports.card.json', defaultMessage: 'Download JSON' },
  csv: { id: 'exports.card.csv', defaultMessage: 'Download CSV' },
});

export function ExportCard({ collectionId, name }: { collectionId: number; name: string }) {
  const intl = useIntl();
  const download = useAction(useCallback((format: ExportFormat) => downloadExport(collectionId, format, name), [collectionId, name]));
  return (
    <section className="card" aria-labelledby="manage-export-title">
      <h2 id="manage-export-title">{intl.formatMessage(messages.title)}</h2>
      <p className="muted">{intl.formatMessage(messages.hint)}</p>
      {download.error ? <ErrorAlert>{describeError(intl, download.error)}</ErrorAlert> : null}
      <div className="actions">
        <Button variant="secondary" icon={FileDown} disabled={download.busy} onClick={() => void download.run('json')}>
          {intl.formatMessage(messages.json)}
        </Button>
        <Button variant="secondary" icon={FileDown} disabled={download.busy} onClick={() => void download.run('csv')}>
          {intl.formatMessage(messages.csv)}
        </Button>
      </div>
    </section>
  );
}
