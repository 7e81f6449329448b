// One hit as it will be stored: each field the source gave, the property it goes to (changeable, and
// remembered for the collection when changed), and the value as the collection will hold it (the same
// reading as the server's, shared/sources/mapping.ts). Creating fetches the cover into the collection
// first; a cover that cannot be fetched leaves the item without one, and says so.
import { ArrowLeft, Check } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Property } from '@shared/schemas/properties';
import { SOURCE_FIELDS, type ImportField, type SourceHit } from '@shared/schemas/sources';
import { sourceValues } from '@shared/sources/mapping';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { fieldMessages } from '../source-messages';
import { FieldTarget } from './field-target';
import { storeHitCover, unfetchedCovers, useHitMapping } from './use-hit-mapping';

const messages = defineMessages<{
  heading: { source: string };
  create: NoMessageValues;
  creating: NoMessageValues;
  back: NoMessageValues;
  remembered: NoMessageValues;
  noTitle: NoMessageValues;
}>({
  heading: { id: 'sources.preview.heading', defaultMessage: 'As it will be stored (from {source})' },
  create: { id: 'sources.preview.create', defaultMessage: 'Create the item' },
  creating: { id: 'sources.preview.creating', defaultMessage: 'Creating…' },
  back: { id: 'sources.preview.back', defaultMessage: 'Back to the results' },
  remembered: {
    id: 'sources.preview.remembered',
    defaultMessage: 'Where each field goes is remembered for this collection when you change it.',
  },
  noTitle: { id: 'sources.preview.noTitle', defaultMessage: 'Choose a property for the title: an item needs one.' },
});

export interface SourcePreviewProps {
  collectionId: number;
  hit: SourceHit;
  sourceName: string;
  properties: Property[];
  readOnly: boolean;
  onBack: () => void;
  /** Creates the item from these values (the page knows what happens next). */
  onCreate: (values: Record<string, unknown>, coverLost: boolean) => Promise<void>;
}

export function SourcePreview({ collectionId, hit, sourceName, properties, readOnly, onBack, onCreate }: SourcePreviewProps) {
  const intl = useIntl();
  const { mapping, change, remember } = useHitMapping(collectionId, properties);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const present = SOURCE_FIELDS.filter((field) => hit.fields[field]?.length);
  const preview = sourceValues(hit, mapping, properties, unfetchedCovers(hit));
  const byKey = new Map(properties.map((p) => [p.key, p]));
  const titleProperty = properties.find((p) => p.isTitle);
  const missingTitle = titleProperty?.required && preview.values[titleProperty.key] === undefined;

  const shown = (field: ImportField) => {
    const key = mapping[field];
    if (!key) return null;
    const value = preview.values[key];
    if (value === undefined) return null;
    return [value].flat().map(String).join(', ');
  };

  async function create() {
    setBusy(true);
    setError(null);
    try {
      await remember();
      const { covers, coverLost } = await storeHitCover(collectionId, hit, mapping);
      await onCreate(sourceValues(hit, mapping, properties, covers).values, coverLost);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <section className="card stack source-preview" aria-labelledby="source-preview-title">
      <h2 id="source-preview-title">{hit.title}</h2>
      <p className="muted">{intl.formatMessage(messages.heading, { source: sourceName })}</p>
      <ul className="source-fields">
        {present.map((field) => {
          const label = intl.formatMessage(fieldMessages[field]);
          const target = mapping[field];
          const value = field === 'cover' ? (target ? byKey.get(target)?.label : null) : shown(field);
          return (
            <li key={field} className="source-field">
              <span className="source-field__name">{label}</span>
              <FieldTarget
                field={field}
                label={label}
                properties={properties}
                target={target}
                disabled={readOnly || busy}
                onChange={(key) => change(field, key)}
              />
              <span className={target ? 'source-field__value' : 'source-field__value muted'}>
                {target ? value : hit.fields[field]!.join(', ')}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="muted">{intl.formatMessage(messages.remembered)}</p>
      {missingTitle ? <ErrorAlert>{intl.formatMessage(messages.noTitle)}</ErrorAlert> : null}
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      <div className="form-actions">
        <Button icon={Check} onClick={() => void create()} disabled={readOnly || busy || Boolean(missingTitle)}>
          {intl.formatMessage(busy ? messages.creating : messages.create)}
        </Button>
        <Button variant="secondary" icon={ArrowLeft} onClick={onBack} disabled={busy}>
          {intl.formatMessage(messages.back)}
        </Button>
      </div>
    </section>
  );
}
