// One hit as it will be stored: each field the source gave, the property it goes to (changeable, and
// remembered for the collection when changed), and the value as the collection will hold it (the same
// reading as the server's, shared/sources/mapping.ts). Creating fetches the cover into the collection
// first; a cover that cannot be fetched leaves the item without one, and says so.
import { ArrowLeft, Check } from 'lucide-react';
import { useMemo, useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Property } from '../../../../../shared/schemas/properties';
import { SOURCE_FIELDS, type SourceField, type SourceHit, type SourceMapping } from '../../../../../shared/schemas/sources';
import { effectiveSourceMapping, propertiesFitting, sourceValues } from '../../../../../shared/sources/mapping';
import { ErrorAlert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { describeError } from '../../../lib/error-messages';
import { fetchSourceCover, saveSourceMapping, useSourceOffers } from '../api/sources';
import { fieldMessages } from '../source-messages';

const messages = defineMessages<{
  heading: { source: string };
  goesTo: { field: string };
  nowhere: NoMessageValues;
  create: NoMessageValues;
  creating: NoMessageValues;
  back: NoMessageValues;
  remembered: NoMessageValues;
  noTitle: NoMessageValues;
}>({
  heading: { id: 'sources.preview.heading', defaultMessage: 'As it will be stored (from {source})' },
  goesTo: { id: 'sources.preview.goesTo', defaultMessage: 'Where {field} goes' },
  nowhere: { id: 'sources.preview.nowhere', defaultMessage: 'Not imported' },
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
  const offers = useSourceOffers(collectionId);
  const saved = offers.data?.mapping ?? null;
  const [changes, setChanges] = useState<SourceMapping>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const mapping = useMemo(() => effectiveSourceMapping(properties, { ...saved, ...changes }), [properties, saved, changes]);
  const present = SOURCE_FIELDS.filter((field) => hit.fields[field]?.length);
  const preview = sourceValues(hit, mapping, properties, new Map((hit.fields.cover ?? []).map((a) => [a, a])));
  const byKey = new Map(properties.map((p) => [p.key, p]));
  const titleProperty = properties.find((p) => p.isTitle);
  const missingTitle = titleProperty?.required && preview.values[titleProperty.key] === undefined;

  const shown = (field: SourceField) => {
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
      if (Object.keys(changes).length > 0) {
        const { mapping: remembered } = await saveSourceMapping(collectionId, { ...saved, ...changes });
        // The next hit chosen on this page starts from what was just remembered.
        if (offers.data) void offers.mutate({ ...offers.data, mapping: remembered }, { revalidate: false });
      }
      const address = mapping.cover ? hit.fields.cover?.[0] : undefined;
      let covers = new Map<string, string>();
      let coverLost = false;
      if (address) {
        try {
          covers = new Map([[address, await fetchSourceCover(collectionId, address)]]);
        } catch {
          coverLost = true;
        }
      }
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
              <select
                className="field__input field__select source-field__target"
                aria-label={intl.formatMessage(messages.goesTo, { field: label })}
                value={target ?? ''}
                disabled={readOnly || busy}
                onChange={(event) => setChanges((current) => ({ ...current, [field]: event.target.value || null }))}
              >
                <option value="">{intl.formatMessage(messages.nowhere)}</option>
                {propertiesFitting(field, properties).map((p) => (
                  <option key={p.key} value={p.key}>
                    {p.label}
                  </option>
                ))}
              </select>
              <span className={target ? 'source-field__value' : 'source-field__value muted'}>{target ? value : hit.fields[field]!.join(', ')}</span>
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
