// The top of a collection's page: picture, name, type, description, tags, and the owner's actions.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { Collection } from '../../../../../shared/schemas/collections';
import { useMediaSrc } from '../../../lib/media-url';
import { collectionTypeLabel } from './collection-type';
import './collection-header.css';

const messages = defineMessages<{ items: { count: number }; owner: { name: string }; tags: NoMessageValues }>({
  items: { id: 'collections.collectionHeader.items', defaultMessage: '{count, plural, one {# item} other {# items}}' },
  owner: { id: 'collections.collectionHeader.owner', defaultMessage: 'by {name}' },
  tags: { id: 'collections.collectionHeader.tags', defaultMessage: 'Tags' },
});

export function CollectionHeader({ collection, actions }: { collection: Collection; actions?: ReactNode }) {
  const intl = useIntl();
  const image = useMediaSrc()(collection.image);
  return (
    <header className="collection-header card">
      {image ? <img className="collection-header__image" src={image} alt="" /> : null}
      <div className="collection-header__body">
        <h1 className="collection-header__title">{collection.name}</h1>
        <p className="collection-header__meta">
          <span className="tag">{collectionTypeLabel(intl, collection.type)}</span>
          <span>{intl.formatMessage(messages.items, { count: collection.itemCount })}</span>
          <span className="muted">{intl.formatMessage(messages.owner, { name: collection.ownerName })}</span>
        </p>
        {collection.description ? <p className="collection-header__description">{collection.description}</p> : null}
        {collection.tags.length > 0 ? (
          <ul className="tag-list" aria-label={intl.formatMessage(messages.tags)}>
            {collection.tags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {actions ? <div className="actions">{actions}</div> : null}
      </div>
    </header>
  );
}
