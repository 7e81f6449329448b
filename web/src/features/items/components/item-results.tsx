// The items of the collection view in the chosen display mode. Rows are memoized and cheap (context reads
// only, lazy pictures), and they come in blocks that the browser skips while off screen (CSS
// content-visibility on each block: one containment root per block, not per row, is what keeps scrolling
// through 10,000 items smooth).
import { memo, useEffect, useMemo, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import type { DisplayMode } from '@shared/catalogue';
import type { ItemSummary } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { CoverPlaceholder } from '@web/components/cover-placeholder';
import { HydrateLater } from '@web/components/hydrate-later';
import { TURNS } from '@web/lib/hydration-turns';
import { useMediaSrc } from '@web/lib/media-url';
import { coverSources } from '@web/lib/picture-srcset';
import { paths } from '@web/lib/paths';
import { itemCreator } from './item-creator';
import { itemTitle } from './item-title';
import { hasValue } from '@web/lib/has-value';
import { listState } from '../list-context';
import { ValueDisplay } from './value-display';

const messages = defineMessages<{
  quantity: { count: number };
  items: NoMessageValues;
  onLoan: NoMessageValues;
  someLent: { lent: number; quantity: number };
}>({
  quantity: { id: 'items.itemResults.quantity', defaultMessage: '{count, plural, one {# copy} other {# copies}}' },
  onLoan: { id: 'items.itemResults.onLoan', defaultMessage: 'On loan' },
  someLent: { id: 'items.itemResults.someLent', defaultMessage: '{lent, number} of {quantity, number} lent' },
  items: { id: 'items.itemResults.items', defaultMessage: 'Items' },
});

interface RowProps {
  item: ItemSummary;
  collectionId: number;
  mode: DisplayMode;
  summary: Property[];
  collectionType?: string;
  /** The list this card is in, for the item page's Previous and Next. */
  linkState: ReturnType<typeof listState>;
  /** On screen when the page opens: its cover loads at once. */
  first: boolean;
  /** Among a phone's first large covers: asked for first. */
  foremost: boolean;
}

/**
 * The cards whose covers load with the page rather than when the layout finds them visible: about a
 * phone's first screen, and a desktop's first rows. Lazy covers there would be the page's last paint.
 */
const FIRST_CARDS = 8;

/**
 * The tiles and cards whose covers are asked for first (fetchpriority="high"), and which the app waits
 * for before loading (lib/start-after-paint.ts): a phone's first two rows of two. More would share a slow
 * network with them. A list's small covers are not among them: the header's pictures are larger.
 */
const FOREMOST_CARDS = 4;

/**
 * The width a cover is shown at in each mode (styles.css), for the browser to pick its image: a list's
 * 3rem cover takes the small thumbnail on a phone; a phone's two-column mosaic and shop cards the thumbnail.
 */
export const COVER_SIZES: Record<DisplayMode, string> = {
  list: '3rem',
  mosaic: '(max-width: 36rem) 50vw, 10rem',
  shop: '(max-width: 36rem) 100vw, 16rem',
};

const ItemCard = memo(function ItemCard({ item, collectionId, mode, summary, collectionType, linkState, first, foremost }: RowProps) {
  const intl = useIntl();
  const cover = coverSources(useMediaSrc(), item.cover);
  const values = summary.filter((property) => hasValue(item.summary[property.key]));
  const title = itemTitle(intl, item);
  const creator = mode === 'mosaic' ? itemCreator(item.summary, summary) : null;
  // A generated cover carries the title and creator: a tile says them once (the link keeps its name).
  const generatedTile = mode === 'mosaic' && !cover;
  return (
    <div role="listitem" className={`item-card item-card--${mode}${generatedTile ? ' item-card--generated' : ''}`}>
      <div className="item-card__cover" aria-hidden="true">
        {cover ? (
          <img
            src={cover.src}
            srcSet={cover.srcSet}
            sizes={COVER_SIZES[mode]}
            alt=""
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={foremost ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <CoverPlaceholder title={title} creator={creator} type={collectionType} />
        )}
      </div>
      <div className="item-card__body">
        <Link className="item-card__title" to={paths.item(collectionId, item.id)} state={linkState}>
          {generatedTile ? <span className="visually-hidden">{title}</span> : title}
        </Link>
        {creator && !generatedTile ? <span className="item-card__creator">{creator}</span> : null}
        {item.subtitle && mode !== 'mosaic' ? <span className="item-card__subtitle">{item.subtitle}</span> : null}
        {item.lent > 0 ? (
          // Copies out, never who holds them (lists are public): the count the API gives every visitor.
          <span className="item-card__lent">
            {item.lent >= item.quantity
              ? intl.formatMessage(messages.onLoan)
              : intl.formatMessage(messages.someLent, { lent: item.lent, quantity: item.quantity })}
          </span>
        ) : null}
        {mode !== 'mosaic' && values.length > 0 ? (
          <dl className="item-card__summary">
            {values.map((property) => (
              <div key={property.key} className="item-card__value">
                <dt className={property.hideLabel ? 'visually-hidden' : undefined}>{property.label}</dt>
                <dd>
                  <ValueDisplay field={property} value={item.summary[property.key]} compact />
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {mode === 'shop' ? (
          <span className="item-card__quantity">{intl.formatMessage(messages.quantity, { count: item.quantity })}</span>
        ) : null}
      </div>
    </div>
  );
});

interface ItemResultsProps {
  collectionId: number;
  items: ItemSummary[];
  mode: DisplayMode;
  properties: Property[];
  /** The collection's type, for the icon of generated covers. */
  collectionType?: string;
  /** The API's cursors around this page, so the item page can step past its ends. */
  cursors?: { next?: string; prev?: string };
}

/**
 * Items per block. A grid's rows must not break across blocks, so grid modes use a multiple of every
 * column count they can have: the content is at most 72rem wide, which fits at most 5 shop cards and
 * 7 mosaic tiles (see styles.css).
 */
const BLOCK_SIZE: Record<DisplayMode, number> = { list: 100, shop: 120, mosaic: 420 };

/**
 * Cards taken over together when a rendered page is hydrated (components/hydrate-later.tsx): a card takes
 * about 3 ms of a desktop's CPU, 12 on Lighthouse's slowed phone, so four stay under the 50 ms that makes
 * a task long.
 */
const CARDS_PER_TURN = 4;

/** A block's cards in groups taken over together. */
function turnsOf(block: ItemSummary[]): ItemSummary[][] {
  const out: ItemSummary[][] = [];
  for (let start = 0; start < block.length; start += CARDS_PER_TURN) out.push(block.slice(start, start + CARDS_PER_TURN));
  return out;
}

export function ItemResults({ collectionId, items, mode, properties, collectionType, cursors }: ItemResultsProps) {
  const intl = useIntl();
  const { search } = useLocation();
  const linkState = useMemo(
    () => listState({ search, ids: items.map((item) => item.id), next: cursors?.next, prev: cursors?.prev }),
    [search, items, cursors?.next, cursors?.prev],
  );
  const summary = useMemo(() => properties.filter((property) => property.inSummary && property.visibility !== 4), [properties]);
  const blocks = useMemo(() => {
    const size = BLOCK_SIZE[mode];
    const out: ItemSummary[][] = [];
    for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
    return out;
  }, [items, mode]);
  // The blocks are generic boxes between the list and its items, which ARIA allows.
  return (
    <div role="list" className={`item-results item-results--${mode}`} aria-label={intl.formatMessage(messages.items)}>
      {blocks.map((block, index) => (
        <div key={index} className="item-results__block">
          {turnsOf(block).map((cards, turn) => (
            // One gate for a turn's cards: a gate per card cost a suspended boundary each in the first pass.
            <HydrateLater key={turn} turn={TURNS.firstCards + (index * BLOCK_SIZE[mode]) / CARDS_PER_TURN + turn}>
              <div className="item-results__turn">
                {cards.map((item, at) => (
                  <ItemCard
                    key={item.id}
                    item={item}
                    collectionId={collectionId}
                    mode={mode}
                    summary={summary}
                    collectionType={collectionType}
                    linkState={linkState}
                    first={index === 0 && turn * CARDS_PER_TURN + at < FIRST_CARDS}
                    foremost={mode !== 'list' && index === 0 && turn * CARDS_PER_TURN + at < FOREMOST_CARDS}
                  />
                ))}
              </div>
            </HydrateLater>
          ))}
        </div>
      ))}
    </div>
  );
}

/** Calls `onVisible` when the end of the list comes near; a button does the same without scrolling. */
export function LoadMore({ onVisible, busy, label }: { onVisible: () => void; busy: boolean; label: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  const visible = useRef(false);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        visible.current = entries.some((entry) => entry.isIntersecting);
        if (visible.current) callback.current();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // A page that arrives without pushing the end out of reach fires no new intersection: ask again.
  useEffect(() => {
    if (!busy && visible.current) callback.current();
  }, [busy]);
  return (
    <div ref={sentinel} className="load-more">
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => callback.current()}>
        {label}
      </button>
    </div>
  );
}
