// "Last changes": the items added and edited most recently.
import { History } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ItemSummary } from '@shared/schemas/items';
import { CoverPlaceholder } from '@web/components/cover-placeholder';
import { EmptyState } from '@web/components/empty-state';
import { useMediaSrc } from '@web/lib/media-url';
import { coverSources } from '@web/lib/picture-srcset';
import { paths } from '@web/lib/paths';
import { useRecentItems } from '../api/get-recent-items';
import { itemTitle } from './item-title';
import './recent-items.css';
import { useTimeZone } from '@web/lib/use-time-zone';
import { HydrateLater } from '@web/components/hydrate-later';
import { TURNS } from '@web/lib/hydration-turns';

const messages = defineMessages<{
  title: NoMessageValues;
  added: NoMessageValues;
  edited: NoMessageValues;
  empty: NoMessageValues;
}>({
  title: { id: 'items.recentItems.title', defaultMessage: 'Last changes' },
  added: { id: 'items.recentItems.added', defaultMessage: 'Recently added' },
  edited: { id: 'items.recentItems.edited', defaultMessage: 'Recently edited' },
  empty: { id: 'items.recentItems.empty', defaultMessage: 'Nothing added or changed yet.' },
});

interface RecentListProps {
  collectionId: number;
  items: ItemSummary[];
  field: 'createdAt' | 'updatedAt';
  collectionType?: string;
}

function RecentList({ collectionId, items, field, collectionType }: RecentListProps) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const mediaSrc = useMediaSrc();
  return (
    <ul className="recent__list recent__list--thumbs">
      {items.map((item) => {
        const title = itemTitle(intl, item);
        const cover = coverSources(mediaSrc, item.cover);
        return (
          <li key={item.id} className="recent__item">
            <span className="recent__thumb" aria-hidden="true">
              {cover ? (
                // The strip's small covers come after the list's, which are what a visitor came to see.
                <img src={cover.src} srcSet={cover.srcSet} sizes="2.5rem" alt="" loading="lazy" fetchPriority="low" decoding="async" />
              ) : (
                <CoverPlaceholder title={title} type={collectionType} />
              )}
            </span>
            <span className="recent__text">
              <Link to={paths.item(collectionId, item.id)}>{title}</Link>{' '}
              <time className="muted" dateTime={item[field]}>
                {intl.formatDate(item[field], { dateStyle: 'medium', timeZone })}
              </time>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function RecentItems({ collectionId, collectionType }: { collectionId: number; collectionType?: string }) {
  const intl = useIntl();
  const { data } = useRecentItems(collectionId);
  if (!data) return null;
  const empty = data.added.length === 0 && data.edited.length === 0;
  // Below the list: taken over last when the page was rendered (lib/hydration-turns.ts).
  return (
    <HydrateLater turn={TURNS.last}>
      <section className="card recent" aria-labelledby="recent-items-title">
        <h2 id="recent-items-title">{intl.formatMessage(messages.title)}</h2>
        {empty ? <EmptyState compact icon={History} title={intl.formatMessage(messages.empty)} /> : null}
        <div className="recent__columns">
          {data.added.length > 0 ? (
            <div>
              <h3 className="recent__heading">{intl.formatMessage(messages.added)}</h3>
              <RecentList collectionId={collectionId} items={data.added} field="createdAt" collectionType={collectionType} />
            </div>
          ) : null}
          {data.edited.length > 0 ? (
            <div>
              <h3 className="recent__heading">{intl.formatMessage(messages.edited)}</h3>
              <RecentList collectionId={collectionId} items={data.edited} field="updatedAt" collectionType={collectionType} />
            </div>
          ) : null}
        </div>
      </section>
    </HydrateLater>
  );
}
