// The search of a collection's metadata sources: words, an ISBN or a barcode (typed, pasted, or sent by
// a USB scanner, which types the code and Enter), one source or all of them; hits with their covers,
// those the collection already holds marked; a source that failed said in words, the others shown.
import { BookPlus, ScanBarcode, Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Property } from '@shared/schemas/properties';
import { SOURCE_QUERY_MAX_LENGTH, type SourceHit, type SourceId, type SourceOffer } from '@shared/schemas/sources';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { CoverPlaceholder } from '@web/components/cover-placeholder';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { describeError } from '@web/lib/error-messages';
import { useMediaTicket } from '@web/lib/media-url';
import { paths } from '@web/lib/paths';
import { sourceCoverUrl, useSourceSearch } from '../api/sources';
import { problemMessages } from '../source-messages';
import { BarcodeScanner } from './barcode-scanner';
import { SourcePreview, type SourcePreviewProps } from './source-preview';
import './sources.css';

const messages = defineMessages<{
  query: NoMessageValues;
  queryHint: NoMessageValues;
  source: NoMessageValues;
  allSources: NoMessageValues;
  search: NoMessageValues;
  scan: NoMessageValues;
  noHits: NoMessageValues;
  noHitsHint: NoMessageValues;
  noAnswerHint: NoMessageValues;
  results: { count: number };
  owned: NoMessageValues;
  choose: { title: string };
  pick: NoMessageValues;
  from: { source: string };
  notReady: { source: string };
}>({
  query: { id: 'sources.search.query', defaultMessage: 'Title, author, ISBN or barcode' },
  queryHint: {
    id: 'sources.search.queryHint',
    defaultMessage: 'An ISBN or a barcode (typed, pasted or read by a scanner) finds that very edition.',
  },
  source: { id: 'sources.search.source', defaultMessage: 'Search in' },
  allSources: { id: 'sources.search.allSources', defaultMessage: 'Every source' },
  search: { id: 'sources.search.submit', defaultMessage: 'Search' },
  scan: { id: 'sources.search.scan', defaultMessage: 'Scan' },
  noHits: { id: 'sources.search.noHits', defaultMessage: 'Nothing found' },
  noHitsHint: { id: 'sources.search.noHitsHint', defaultMessage: 'Try fewer words, or the ISBN printed on the back.' },
  noAnswerHint: { id: 'sources.search.noAnswerHint', defaultMessage: 'A catalogue could not answer (see above): try again in a moment.' },
  results: { id: 'sources.search.results', defaultMessage: '{count, plural, one {# result} other {# results}}' },
  owned: { id: 'sources.search.owned', defaultMessage: 'Already in the collection' },
  choose: { id: 'sources.search.choose', defaultMessage: 'Choose {title}' },
  pick: { id: 'sources.search.pick', defaultMessage: 'Choose' },
  from: { id: 'sources.search.from', defaultMessage: 'From {source}' },
  notReady: { id: 'sources.search.notReady', defaultMessage: '{source} (needs a key)' },
});

/** The people a hit names first: authors, directors or designers. */
const creatorsOf = (hit: SourceHit) => (hit.fields.authors ?? hit.fields.directors ?? hit.fields.designers ?? []).slice(0, 3).join(', ');

function HitCover({ hit }: { hit: SourceHit }) {
  const ticket = useMediaTicket();
  const [broken, setBroken] = useState(false);
  const address = hit.fields.cover?.[0];
  const src = address && !broken ? sourceCoverUrl(address, ticket) : null;
  return src ? (
    <img className="source-hit__cover" src={src} alt="" loading="lazy" onError={() => setBroken(true)} />
  ) : (
    <CoverPlaceholder title={hit.title} />
  );
}

export interface SourceSearchProps {
  collectionId: number;
  collectionType: string;
  offers: SourceOffer[];
  properties: Property[];
  readOnly: boolean;
  /** The chosen hit's preview creates an item with these values (unless renderChosen shows it otherwise). */
  onCreate?: SourcePreviewProps['onCreate'];
  /** Shows the chosen hit in place of the preview that creates an item (to fill a form from it). */
  renderChosen?: (chosen: ChosenHit) => ReactNode;
}

/** The hit a person chose, its source's name, and the way back to the results. */
export interface ChosenHit {
  hit: SourceHit;
  sourceName: string;
  onBack: () => void;
}

export function SourceSearch({ collectionId, collectionType, offers, properties, readOnly, onCreate, renderChosen }: SourceSearchProps) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<{ q: string; source: SourceId | null } | null>(null);
  const [source, setSource] = useState<SourceId | null>(null);
  const [chosen, setChosen] = useState<SourceHit | null>(null);
  const [scanning, setScanning] = useState(false);
  // The camera is offered where a source reads codes and the browser can open one (HTTPS or localhost).
  const canScan = offers.some((offer) => offer.barcodes) && typeof navigator.mediaDevices?.getUserMedia === 'function';
  const { data, error, isLoading } = useSourceSearch(collectionId, asked?.q ?? null, asked?.source ?? null);
  const nameOf = (id: SourceId) => offers.find((o) => o.id === id)?.name ?? id;

  if (chosen && renderChosen) return renderChosen({ hit: chosen, sourceName: nameOf(chosen.source), onBack: () => setChosen(null) });
  if (chosen && onCreate) {
    return (
      <SourcePreview
        collectionId={collectionId}
        hit={chosen}
        sourceName={nameOf(chosen.source)}
        properties={properties}
        readOnly={readOnly}
        onBack={() => setChosen(null)}
        onCreate={onCreate}
      />
    );
  }
  // A source that needs a key it does not have is said before a search, not after one.
  const waiting = offers.filter((offer) => !offer.ready);
  return (
    <div className="stack">
      {waiting.map((offer) => (
        <p key={offer.id} className="source-problem" role="note">
          {intl.formatMessage(problemMessages.needs_key, { source: offer.name })}
        </p>
      ))}
      <form
        className="source-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) setAsked({ q: text.trim(), source });
        }}
      >
        <TextField
          className="source-search__query"
          label={intl.formatMessage(messages.query)}
          hint={intl.formatMessage(messages.queryHint)}
          type="search"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SOURCE_QUERY_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {offers.length > 1 ? (
          <SelectField
            label={intl.formatMessage(messages.source)}
            value={source ?? ''}
            onChange={(event) => setSource((event.target.value || null) as SourceId | null)}
          >
            <option value="">{intl.formatMessage(messages.allSources)}</option>
            {offers.map((offer) => (
              <option key={offer.id} value={offer.id} disabled={!offer.ready}>
                {offer.ready ? offer.name : intl.formatMessage(messages.notReady, { source: offer.name })}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Button type="submit" icon={Search}>
          {intl.formatMessage(messages.search)}
        </Button>
        {canScan ? (
          <Button variant="secondary" icon={ScanBarcode} className="source-search__scan" onClick={() => setScanning(true)}>
            {intl.formatMessage(messages.scan)}
          </Button>
        ) : null}
      </form>
      {scanning ? (
        <BarcodeScanner
          mode="single"
          onCode={(code) => {
            setText(code);
            setAsked({ q: code, source });
          }}
          onClose={() => setScanning(false)}
        />
      ) : null}
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      {isLoading ? <Loading /> : null}
      {data ? (
        <>
          {data.problems
            .filter((p) => !(p.problem === 'needs_key' && waiting.some((offer) => offer.id === p.source)))
            .map((p) => (
              <p key={p.source} className="source-problem" role="status">
                {intl.formatMessage(problemMessages[p.problem], { source: nameOf(p.source) })}
              </p>
            ))}
          {data.hits.length === 0 ? (
            <EmptyState icon={Search} title={intl.formatMessage(messages.noHits)} compact>
              {/* Fewer words cannot help when a catalogue did not answer at all. */}
              {intl.formatMessage(data.problems.length > 0 ? messages.noAnswerHint : messages.noHitsHint)}
            </EmptyState>
          ) : (
            <section aria-label={intl.formatMessage(messages.results, { count: data.hits.length })}>
              <p className="muted">{intl.formatMessage(messages.results, { count: data.hits.length })}</p>
              <ul className="source-hits" data-type={collectionType}>
                {data.hits.map((hit) => (
                  <li key={`${hit.source}:${hit.id}`} className="source-hit">
                    <HitCover hit={hit} />
                    <div className="source-hit__text">
                      <strong className="source-hit__title">{hit.title}</strong>
                      {creatorsOf(hit) ? <span>{creatorsOf(hit)}</span> : null}
                      <span className="muted">{[hit.fields.year?.[0], hit.fields.publisher?.[0]].filter(Boolean).join(' · ')}</span>
                      <span className="muted source-hit__source">{intl.formatMessage(messages.from, { source: nameOf(hit.source) })}</span>
                      {hit.ownedItemId !== null ? (
                        <Link className="source-hit__owned" to={paths.item(collectionId, hit.ownedItemId)}>
                          {intl.formatMessage(messages.owned)}
                        </Link>
                      ) : null}
                    </div>
                    <Button
                      variant="secondary"
                      size="small"
                      icon={BookPlus}
                      aria-label={intl.formatMessage(messages.choose, { title: hit.title })}
                      onClick={() => setChosen(hit)}
                    >
                      {intl.formatMessage(messages.pick)}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : null}
    </div>
  );
}
