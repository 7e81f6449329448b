// The manage screen's list of items set to "Nobody": browsing never shows them, not even to their
// owner (docs/product.md, level 4), so this is where the owner finds them again, to open or edit them.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { paths } from '@web/lib/paths';
import { useHiddenItems } from '../api/get-hidden-items';
import { HIDDEN_ITEMS_ANCHOR } from '../saved-destination';
import { itemTitle } from './item-title';
import './hidden-items.css';

const messages = defineMessages({
  title: { id: 'items.hiddenItems.title', defaultMessage: 'Items set to Nobody' },
  hint: {
    id: 'items.hiddenItems.hint',
    defaultMessage: 'Nobody sees these items while browsing, not even you. Open one to see or change it, or to show it again.',
  },
  none: { id: 'items.hiddenItems.none', defaultMessage: 'No item of this collection is set to Nobody.' },
});

const valued = defineMessages<{ editItem: { title: string } }>({
  editItem: { id: 'items.hiddenItems.editItem', defaultMessage: 'Edit {title}' },
});

export function HiddenItems({ collectionId }: { collectionId: number }) {
  const intl = useIntl();
  const { data, error } = useHiddenItems(collectionId);
  return (
    <section className="card" id={HIDDEN_ITEMS_ANCHOR} aria-labelledby="hidden-items-title" tabIndex={-1}>
      <h2 id="hidden-items-title">{intl.formatMessage(messages.title)}</h2>
      <p className="muted">{intl.formatMessage(messages.hint)}</p>
      {error ? (
        <PageError error={error} />
      ) : !data ? (
        <Loading />
      ) : data.items.length === 0 ? (
        <p>{intl.formatMessage(messages.none)}</p>
      ) : (
        <ul className="hidden-items">
          {data.items.map((item) => {
            const title = itemTitle(intl, item);
            return (
              <li key={item.id} className="hidden-items__row">
                {/* Level 4 shows in edit screens only (docs/product.md), so the item opens there. */}
                <Link className="hidden-items__title" to={paths.itemEdit(collectionId, item.id)}>
                  {intl.formatMessage(valued.editItem, { title })}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
