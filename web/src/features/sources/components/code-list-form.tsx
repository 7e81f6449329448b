// Many items at once: a list of ISBNs or barcodes pasted (a spreadsheet's column, a scanner's log) or
// scanned one after another with the camera (the scanner's continuous mode, a beep each), reviewed here
// — what was read, what was not, repeats counted once — then sent as one list that the server works
// through in the background.
import { ListPlus, ScanBarcode } from 'lucide-react';
import { useMemo, useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { SOURCE_QUEUE_MAX_CODES, type SourceQueueRun } from '@shared/schemas/sources';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextareaField } from '@web/components/textarea-field';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { startSourceQueue } from '../api/source-queues';
import { readCodeList } from '../code-list';
import { BarcodeScanner } from './barcode-scanner';
import './sources.css';

const messages = defineMessages<{
  heading: NoMessageValues;
  intro: NoMessageValues;
  codes: NoMessageValues;
  codesHint: NoMessageValues;
  read: { count: number };
  repeated: { count: number };
  unreadable: { count: number; texts: string };
  tooMany: { max: number };
  add: { count: number };
  scanShelf: NoMessageValues;
}>({
  heading: { id: 'sources.list.heading', defaultMessage: 'Many at once' },
  intro: {
    id: 'sources.list.intro',
    defaultMessage:
      'Paste a list of ISBNs or barcodes, or scan a shelf one book after another. Each is looked up in the catalogues and added with its cover; those the collection already holds are passed over.',
  },
  codes: { id: 'sources.list.codes', defaultMessage: 'ISBNs or barcodes' },
  codesHint: { id: 'sources.list.codesHint', defaultMessage: 'One a line, or separated by commas or spaces.' },
  read: { id: 'sources.list.read', defaultMessage: '{count, plural, =0 {No code read yet.} one {# code read.} other {# codes read.}}' },
  repeated: {
    id: 'sources.list.repeated',
    defaultMessage: '{count, plural, one {# repeat is counted once.} other {# repeats are counted once.}}',
  },
  unreadable: {
    id: 'sources.list.unreadable',
    defaultMessage: '{count, plural, one {Not an ISBN or a barcode (left out): {texts}} other {Not ISBNs or barcodes (left out): {texts}}}',
  },
  tooMany: { id: 'sources.list.tooMany', defaultMessage: 'A list takes {max} codes at most: send the rest as another list.' },
  add: { id: 'sources.list.add', defaultMessage: '{count, plural, one {Add # item} other {Add # items}}' },
  scanShelf: { id: 'sources.list.scanShelf', defaultMessage: 'Scan a shelf' },
});

/** Shown of the unreadable words, at most. */
const UNREADABLE_SHOWN = 5;

export interface CodeListFormProps {
  collectionId: number;
  readOnly: boolean;
  /** The list has been accepted: the page shows its progress. */
  onStarted: (run: SourceQueueRun) => void;
}

export function CodeListForm({ collectionId, readOnly, onStarted }: CodeListFormProps) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const list = useMemo(() => readCodeList(text), [text]);
  const tooMany = list.codes.length > SOURCE_QUEUE_MAX_CODES;
  const start = useAction(async () => onStarted(await startSourceQueue(collectionId, list.codes, null)));
  const [scanning, setScanning] = useState(false);
  // Each code scanned goes on a line of its own, so the list is reviewed (and corrected) before it is sent.
  const addCode = (code: string) => setText((current) => (current.trim() ? `${current.trimEnd()}\n${code}\n` : `${code}\n`));
  const canScan = typeof navigator.mediaDevices?.getUserMedia === 'function';
  const shown = list.unreadable.slice(0, UNREADABLE_SHOWN).join(', ') + (list.unreadable.length > UNREADABLE_SHOWN ? ', …' : '');
  return (
    <section className="stack code-list" aria-labelledby="code-list-title">
      <h2 id="code-list-title">{intl.formatMessage(messages.heading)}</h2>
      <p className="muted">{intl.formatMessage(messages.intro)}</p>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (list.codes.length > 0 && !tooMany) void start.run();
        }}
      >
        <TextareaField
          label={intl.formatMessage(messages.codes)}
          hint={intl.formatMessage(messages.codesHint)}
          name="codes"
          rows={5}
          spellCheck={false}
          autoComplete="off"
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="code-list__summary" role="status">
          <span>{intl.formatMessage(messages.read, { count: list.codes.length })}</span>
          {list.repeated > 0 ? <span className="muted">{intl.formatMessage(messages.repeated, { count: list.repeated })}</span> : null}
        </div>
        {list.unreadable.length > 0 ? (
          <p className="code-list__unreadable">
            {intl.formatMessage(messages.unreadable, { count: list.unreadable.length, texts: shown })}
          </p>
        ) : null}
        {tooMany ? <ErrorAlert>{intl.formatMessage(messages.tooMany, { max: SOURCE_QUEUE_MAX_CODES })}</ErrorAlert> : null}
        {start.error ? <ErrorAlert>{describeError(intl, start.error)}</ErrorAlert> : null}
        <div className="code-list__actions">
          {canScan && !readOnly ? (
            <Button variant="secondary" icon={ScanBarcode} onClick={() => setScanning(true)}>
              {intl.formatMessage(messages.scanShelf)}
            </Button>
          ) : null}
          <Button type="submit" icon={ListPlus} disabled={readOnly || list.codes.length === 0 || tooMany || start.busy}>
            {intl.formatMessage(messages.add, { count: list.codes.length })}
          </Button>
        </div>
      </form>
      {scanning ? <BarcodeScanner mode="continuous" onCode={addCode} onClose={() => setScanning(false)} /> : null}
    </section>
  );
}
