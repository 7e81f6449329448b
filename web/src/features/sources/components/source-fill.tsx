// Find in a catalogue from an item form: a button (where the collection's type has sources) opens the
// search in a sheet; the chosen hit's fields fill the form's inputs, which the person then checks and
// saves as usual. A line below the button says how many fields were filled, and whether the cover was lost.
import { ScanSearch } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Property } from '@shared/schemas/properties';
import { Button } from '@web/components/button';
import { Sheet } from '@web/components/sheet';
import { useSourceOffers } from '../api/sources';
import { SourceFillPreview } from './source-fill-preview';
import { SourceSearch } from './source-search';
import './sources.css';

const messages = defineMessages<{
  open: NoMessageValues;
  filled: { count: number; source: string };
  coverLost: NoMessageValues;
}>({
  open: { id: 'sources.fill.open', defaultMessage: 'Find in a catalogue' },
  filled: {
    id: 'sources.fill.filled',
    defaultMessage:
      '{count, plural, =0 {Nothing was filled from {source}.} one {# field filled from {source}: check it, then save.} other {# fields filled from {source}: check them, then save.}}',
  },
  coverLost: { id: 'sources.fill.coverLost', defaultMessage: 'The cover could not be fetched: the form has no new cover.' },
});

export interface SourceFillProps {
  collectionId: number;
  collectionType: string;
  properties: Property[];
  /** The form's values now, by property key. */
  values: Readonly<Record<string, unknown>>;
  /** The form cannot be changed now. */
  disabled: boolean;
  /** Puts these values, by property key, into the form's inputs. */
  onFill: (values: Record<string, unknown>) => void;
}

export function SourceFill({ collectionId, collectionType, properties, values, disabled, onFill }: SourceFillProps) {
  const intl = useIntl();
  const offers = useSourceOffers(collectionId);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<{ count: number; source: string; coverLost: boolean } | null>(null);
  const sources = offers.data?.sources ?? [];
  if (sources.length === 0) return null;
  const title = intl.formatMessage(messages.open);

  return (
    <div className="source-fill">
      <Button
        variant="secondary"
        icon={ScanSearch}
        disabled={disabled}
        onClick={() => {
          setOutcome(null);
          setOpen(true);
        }}
      >
        {title}
      </Button>
      {/* Always there, so that what is put in it is announced. */}
      <div role="status" className="source-fill__status">
        {outcome ? <p className="alert alert--success">{intl.formatMessage(messages.filled, outcome)}</p> : null}
        {outcome?.coverLost ? <p className="source-problem">{intl.formatMessage(messages.coverLost)}</p> : null}
      </div>
      <Sheet open={open} title={title} onClose={() => setOpen(false)}>
        <SourceSearch
          collectionId={collectionId}
          collectionType={collectionType}
          offers={sources}
          properties={properties}
          readOnly={false}
          renderChosen={({ hit, sourceName, onBack }) => (
            <SourceFillPreview
              collectionId={collectionId}
              hit={hit}
              sourceName={sourceName}
              properties={properties}
              current={values}
              onBack={onBack}
              onFill={(filled, coverLost) => {
                onFill(filled);
                setOpen(false);
                setOutcome({ count: Object.keys(filled).length, source: sourceName, coverLost });
              }}
            />
          )}
        />
      </Sheet>
    </div>
  );
}

/**
 * The item form's tools for a collection (ItemForm's `tools`): Find in a catalogue over its inputs. The
 * form's shape is given here rather than imported, since features do not import each other.
 */
export function sourceFillTools(collection: { id: number; type: string }, properties: Property[]) {
  return function SourceFillTool(form: {
    values: Readonly<Record<string, unknown>>;
    disabled: boolean;
    fill: (values: Record<string, unknown>) => void;
  }) {
    return (
      <SourceFill
        collectionId={collection.id}
        collectionType={collection.type}
        properties={properties}
        values={form.values}
        disabled={form.disabled}
        onFill={form.fill}
      />
    );
  };
}
