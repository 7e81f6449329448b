// The collections of the home screen as cards: cover or placeholder, name, description, count, type.
import { memo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Collection } from '../../../../../shared/schemas/collections';
import { useMediaSrc } from '../../../lib/media-url';
import { paths } from '../../../lib/paths';
import { collectionTypeLabel } from './collection-type';

const messages = defineMessages<{ items: { count: number }; owner: { name: string } }>({
  items: { id: 'collections.collectionCards.items', defaultMessage: '{count, plural, one {# item} other {# items}}' },
  owner: { id: 'collections.collectionCards.owner', defaultMessage: 'by {name}' },
});

const CollectionCard = memo(function CollectionCard({ collection }: { collection: Collection }) {
  const intl = useIntl();
  const cover = useMediaSrc()(collection.image, { thumb: true });
  return (
    <li className="collection-card">
      <div className="collection-card__cover" aria-hidden="true">
        {cover ? (
          <img src={cover} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="collection-card__placeholder">{collection.name.slice(0, 1).toUpperCase()}</span>
        )}
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
          {collection.isOwner ? null : (
            <span className="muted">{intl.formatMessage(messages.owner, { name: collection.ownerName })}</span>
          )}
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
