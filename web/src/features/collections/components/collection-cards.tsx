// The collections of the home screen as cards: the collection's picture, else a mosaic of its first
// covers, else its type's icon on a colour from its name; then name, description, count, type.
import { memo } from 'react';
import { Lock, Users } from 'lucide-react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Collection } from '@shared/schemas/collections';
import { TypeIcon } from '@web/components/cover-placeholder';
import { useMediaSrc } from '@web/lib/media-url';
import { coverSources } from '@web/lib/picture-srcset';
import { placeholderColourClass } from '@web/lib/placeholder-colour';
import { paths } from '@web/lib/paths';
import { collectionTypeLabel } from './collection-type';
import './collection-cards.css';

const messages = defineMessages<{
  items: { count: number };
  owner: { name: string };
  requests: { count: number };
  private: NoMessageValues;
  members: NoMessageValues;
}>({
  items: { id: 'collections.collectionCards.items', defaultMessage: '{count, plural, one {# item} other {# items}}' },
  owner: { id: 'collections.collectionCards.owner', defaultMessage: 'by {name}' },
  requests: {
    id: 'collections.collectionCards.requests',
    defaultMessage: '{count, plural, one {# request to answer} other {# requests to answer}}',
  },
  private: { id: 'collections.collectionCards.private', defaultMessage: 'Private' },
  members: { id: 'collections.collectionCards.members', defaultMessage: 'Members only' },
});

/** A card's width (16rem at least, the whole width on a phone), and a quarter mosaic cover's (styles.css). */
const CARD_SIZES = '(max-width: 36rem) 100vw, 20rem';
const MOSAIC_SIZES = '(max-width: 36rem) 50vw, 10rem';

/** Decorative (the card's link names the collection): a picture, a mosaic of covers, or a placeholder. */
function CardCover({ collection }: { collection: Collection }) {
  const mediaSrc = useMediaSrc();
  const image = coverSources(mediaSrc, collection.image);
  const covers = collection.covers.map((cover) => coverSources(mediaSrc, cover)).filter((sources) => sources !== null);
  if (image) return <img src={image.src} srcSet={image.srcSet} sizes={CARD_SIZES} alt="" loading="lazy" decoding="async" />;
  if (covers.length > 0) {
    return (
      <span className={`collection-mosaic collection-mosaic--${covers.length}`} data-testid="collection-mosaic">
        {covers.map((cover, index) => (
          <img
            key={`${index}-${cover.src}`}
            src={cover.src}
            srcSet={cover.srcSet}
            sizes={covers.length === 1 ? CARD_SIZES : MOSAIC_SIZES}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ))}
      </span>
    );
  }
  return (
    <span className={`collection-card__placeholder ${placeholderColourClass(collection.name)}`} data-testid="collection-placeholder">
      <TypeIcon type={collection.type} className="collection-card__placeholder-icon" />
    </span>
  );
}

const CollectionCard = memo(function CollectionCard({ collection }: { collection: Collection }) {
  const intl = useIntl();
  return (
    <li className="collection-card">
      <div className="collection-card__cover" aria-hidden="true">
        <CardCover collection={collection} />
      </div>
      <div className="collection-card__body">
        <h2 className="collection-card__title">
          <Link to={paths.collection(collection.id)} className="collection-card__link">
            {collection.name}
          </Link>
        </h2>
        {collection.description ? <p className="collection-card__description">{collection.description}</p> : null}
        <p className="collection-card__meta">
          <span className="tag">{collectionTypeLabel(intl, collection.type)}</span>
          <span>{intl.formatMessage(messages.items, { count: collection.itemCount })}</span>
          {collection.visibility === 0 ? null : (
            // Who may see it, so the owner never shares a link that opens on nothing.
            <span className="collection-card__badge">
              {collection.visibility === 1 ? <Users aria-hidden="true" /> : <Lock aria-hidden="true" />}
              {intl.formatMessage(collection.visibility === 1 ? messages.members : messages.private)}
            </span>
          )}
          {collection.pendingRequests > 0 ? (
            <span className="collection-card__badge collection-card__badge--requests">
              {intl.formatMessage(messages.requests, { count: collection.pendingRequests })}
            </span>
          ) : null}
          {collection.isOwner ? null : <span className="muted">{intl.formatMessage(messages.owner, { name: collection.ownerName })}</span>}
        </p>
      </div>
    </li>
  );
});

export function CollectionCards({ collections }: { collections: Collection[] }) {
  return (
    <ul className="collection-grid">
      {collections.map((collection) => (
        <CollectionCard key={collection.id} collection={collection} />
      ))}
    </ul>
  );
}
