// The top of a collection's page, a showcase kept low so the covers start on the first screen: its
// picture or a banner of its covers, name, type, count, owner, who may see it, description and tags,
// then Share and the owner's actions side by side.
import type { ReactNode } from 'react';
import { Lock, Users } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { VISIBILITY } from '@shared/constants';
import type { Collection } from '@shared/schemas/collections';
import { ClampedText } from '@web/components/clamped-text';
import { useMediaSrc } from '@web/lib/media-url';
import { coverSources } from '@web/lib/picture-srcset';
import { CollectionBanner } from './collection-banner';
import { collectionTypeLabel } from './collection-type';
import { ShareCollection } from './share-collection';
import './collection-header.css';

const messages = defineMessages<{
  items: { count: number };
  owner: { name: string };
  tags: NoMessageValues;
  private: NoMessageValues;
  members: NoMessageValues;
  actions: NoMessageValues;
}>({
  items: { id: 'collections.collectionHeader.items', defaultMessage: '{count, plural, one {# item} other {# items}}' },
  owner: { id: 'collections.collectionHeader.owner', defaultMessage: 'by {name}' },
  tags: { id: 'collections.collectionHeader.tags', defaultMessage: 'Tags' },
  private: { id: 'collections.collectionHeader.private', defaultMessage: 'Private' },
  members: { id: 'collections.collectionHeader.members', defaultMessage: 'Members only' },
  actions: { id: 'collections.collectionHeader.actions', defaultMessage: 'Collection actions' },
});

export function CollectionHeader({ collection, actions }: { collection: Collection; actions?: ReactNode }) {
  const intl = useIntl();
  const mediaSrc = useMediaSrc();
  const image = coverSources(mediaSrc, collection.image);
  const covers = collection.covers.map((cover) => coverSources(mediaSrc, cover)).filter((sources) => sources !== null);
  const restricted = collection.visibility !== VISIBILITY.everyone;
  return (
    <header className="showcase">
      <CollectionBanner collection={collection} image={image} covers={covers} />
      <div className="showcase__body">
        <h1 className="showcase__title">{collection.name}</h1>
        <div className="showcase__meta">
          <span className="tag">{collectionTypeLabel(intl, collection.type)}</span>
          <span>{intl.formatMessage(messages.items, { count: collection.itemCount })}</span>
          <span className="muted">{intl.formatMessage(messages.owner, { name: collection.ownerName })}</span>
          {restricted ? (
            // Who may see it, before anyone shares a link that opens on nothing.
            <span className="showcase__badge">
              {collection.visibility === VISIBILITY.loggedIn ? <Users aria-hidden="true" /> : <Lock aria-hidden="true" />}
              {intl.formatMessage(collection.visibility === VISIBILITY.loggedIn ? messages.members : messages.private)}
            </span>
          ) : null}
          {collection.tags.length > 0 ? (
            <ul className="tag-list showcase__tags" aria-label={intl.formatMessage(messages.tags)}>
              {collection.tags.map((tag) => (
                <li key={tag} className="tag">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {collection.description ? <ClampedText className="showcase__description" text={collection.description} /> : null}
      </div>
      <div className="showcase__actions" role="group" aria-label={intl.formatMessage(messages.actions)}>
        <ShareCollection collection={collection} />
        {actions}
      </div>
    </header>
  );
}
