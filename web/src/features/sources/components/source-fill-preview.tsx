// One hit put into an item form: each field the source gave, the property it goes to (the same choice
// as when creating an item, remembered for the collection), the value as the form will hold it, what the
// form holds there now, and whether it fills. At first only the fields whose property is empty in the
// form are checked; the person may check others to replace. Filling fetches the cover into the
// collection first; a cover that cannot be fetched is left out and said lost, the rest is filled.
import { ArrowLeft, Check } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Property } from '@shared/schemas/properties';
import { SOURCE_FIELDS, type ImportField, type SourceHit } from '@shared/schemas/sources';
import { sourceValues } from '@shared/sources/mapping';
import { isMediaValue } from '@shared/values';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { hasValue } from '@web/lib/has-value';
import { useMediaSrc, useMediaTicket } from '@web/lib/media-url';
import { sourceCoverUrl } from '../api/sources';
import { fieldFills, mappingOf, suggestedFill } from '../fill-choice';
import { fieldMessages } from '../source-messages';
import { FieldTarget } from './field-target';
import { storeHitCover, unfetchedCovers, useHitMapping } from './use-hit-mapping';

const messages = defineMessages<{
  heading: { source: string };
  intro: NoMessageValues;
  fillField: { field: string };
  now: { value: string };
  nowPicture: NoMessageValues;
  fill: NoMessageValues;
  filling: NoMessageValues;
  back: NoMessageValues;
  remembered: NoMessageValues;
}>({
  heading: { id: 'sources.fillPreview.heading', defaultMessage: 'As it will go into the form (from {source})' },
  intro: {
    id: 'sources.fillPreview.intro',
    defaultMessage:
      'Checked fields go into the form. At first only those the form leaves empty are checked: check others to replace what the form holds.',
  },
  fillField: { id: 'sources.fillPreview.fillField', defaultMessage: 'Fill {field}' },
  now: { id: 'sources.fillPreview.now', defaultMessage: 'Now: {value}' },
  nowPicture: { id: 'sources.fillPreview.nowPicture', defaultMessage: 'Now: a picture' },
  fill: { id: 'sources.fillPreview.fill', defaultMessage: 'Fill the form' },
  filling: { id: 'sources.fillPreview.filling', defaultMessage: 'Filling…' },
  back: { id: 'sources.fillPreview.back', defaultMessage: 'Back to the results' },
  remembered: {
    id: 'sources.fillPreview.remembered',
    defaultMessage: 'Where each field goes is remembered for this collection when you change it. Nothing is saved until you save the form.',
  },
});

/** A value as one line of text: a list's entries joined. */
const asText = (value: unknown) => [value].flat().map(String).join(', ');

function HitCoverThumb({ address, fallback }: { address: string; fallback: string }) {
  const ticket = useMediaTicket();
  const [broken, setBroken] = useState(false);
  const src = broken ? null : sourceCoverUrl(address, ticket);
  return src ? <img className="source-field__cover" src={src} alt="" onError={() => setBroken(true)} /> : <>{fallback}</>;
}

export interface SourceFillPreviewProps {
  collectionId: number;
  hit: SourceHit;
  sourceName: string;
  properties: Property[];
  /** The form's values now, by property key. */
  current: Readonly<Record<string, unknown>>;
  onBack: () => void;
  /** Puts these values into the form; `coverLost`: the cover was chosen but could not be fetched. */
  onFill: (values: Record<string, unknown>, coverLost: boolean) => void;
}

export function SourceFillPreview({ collectionId, hit, sourceName, properties, current, onBack, onFill }: SourceFillPreviewProps) {
  const intl = useIntl();
  const id = useId();
  const mediaSrc = useMediaSrc();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that chose the hit is gone: the focus goes to what it showed, inside the sheet.
  useEffect(() => heading.current?.focus(), []);
  const nowSrc = (value: string) => mediaSrc(value, { size: 'thumb' });
  const { mapping, change, remember } = useHitMapping(collectionId, properties);
  // What the person ticked or unticked; the other fields follow the suggestion.
  const [ticked, setTicked] = useState<Partial<Record<ImportField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const present = SOURCE_FIELDS.filter((field) => hit.fields[field]?.length);
  const preview = sourceValues(hit, mapping, properties, unfetchedCovers(hit)).values;
  const suggested = suggestedFill(present, mapping, preview, current);
  const checked = new Set(present.filter((field) => fieldFills(field, mapping, preview) && (ticked[field] ?? suggested.has(field))));
  const byKey = new Map(properties.map((p) => [p.key, p]));

  async function fill() {
    setBusy(true);
    setError(null);
    try {
      await remember();
      const chosen = mappingOf(mapping, checked);
      const { covers, coverLost } = await storeHitCover(collectionId, hit, chosen);
      onFill(sourceValues(hit, chosen, properties, covers).values, coverLost);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <section className="stack source-fill-preview" aria-labelledby={`${id}-title`}>
      <div>
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {hit.title}
        </h3>
        <p className="muted">{intl.formatMessage(messages.heading, { source: sourceName })}</p>
      </div>
      <p>{intl.formatMessage(messages.intro)}</p>
      <ul className="source-fields">
        {present.map((field) => {
          const label = intl.formatMessage(fieldMessages[field]);
          const target = mapping[field];
          const property = target ? byKey.get(target) : undefined;
          const fills = fieldFills(field, mapping, preview);
          const now = target ? current[target] : undefined;
          const checkboxId = `${id}-${field}`;
          return (
            <li key={field} className="source-field source-field--fill">
              <span className="source-field__name source-field__fill">
                <input
                  type="checkbox"
                  className="field__checkbox"
                  id={checkboxId}
                  aria-label={intl.formatMessage(messages.fillField, { field: label })}
                  checked={checked.has(field)}
                  disabled={!fills || busy}
                  onChange={(event) => setTicked((current) => ({ ...current, [field]: event.target.checked }))}
                />
                <label htmlFor={checkboxId}>{label}</label>
              </span>
              <FieldTarget
                field={field}
                label={label}
                properties={properties}
                target={target}
                disabled={busy}
                onChange={(key) => {
                  change(field, key);
                  // Another property: whether it fills is suggested anew from what the form holds there.
                  setTicked(({ [field]: _, ...rest }) => rest);
                }}
              />
              <div className="source-field__values">
                {fills ? (
                  <span className="source-field__value">
                    {field === 'cover' ? (
                      <HitCoverThumb address={hit.fields.cover![0]!} fallback={property?.label ?? ''} />
                    ) : (
                      asText(preview[target!])
                    )}
                  </span>
                ) : (
                  <span className="source-field__value muted">{hit.fields[field]!.join(', ')}</span>
                )}
                {target && hasValue(now) ? (
                  <span className="source-field__now muted">
                    {typeof now === 'string' && isMediaValue(now) ? (
                      <>
                        {intl.formatMessage(messages.nowPicture)}
                        {nowSrc(now) ? <img className="source-field__cover" src={nowSrc(now)!} alt="" /> : null}
                      </>
                    ) : (
                      intl.formatMessage(messages.now, { value: asText(now) })
                    )}
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="muted">{intl.formatMessage(messages.remembered)}</p>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      <div className="actions">
        <Button icon={Check} onClick={() => void fill()} disabled={busy || checked.size === 0}>
          {intl.formatMessage(busy ? messages.filling : messages.fill)}
        </Button>
        <Button variant="secondary" icon={ArrowLeft} onClick={onBack} disabled={busy}>
          {intl.formatMessage(messages.back)}
        </Button>
      </div>
    </section>
  );
}
