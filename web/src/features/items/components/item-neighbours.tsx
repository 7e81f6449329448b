// Previous and Next through the list the visitor came from (list-context.ts), and the way back to it.
// Inside the page the list showed, the neighbours are its ids; at the page's ends, the page before or
// after is asked from the items API the way the collection page asks for it.
import { ArrowLeft, ArrowRight, List } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@web/lib/paths';
import { useItems } from '../api/get-items';
import { adjacentPageSearch, listState, readListContext } from '../list-context';
import type { ListContext } from '../list-context';
import { itemsQuery } from './use-item-query';

const messages = defineMessages({
  label: { id: 'items.itemNeighbours.label', defaultMessage: 'Items of the list' },
  previous: { id: 'items.itemNeighbours.previous', defaultMessage: 'Previous item' },
  next: { id: 'items.itemNeighbours.next', defaultMessage: 'Next item' },
  back: { id: 'items.itemNeighbours.back', defaultMessage: 'Back to the list' },
});

interface Neighbour {
  id: number;
  list: ListContext;
}

/** The neighbour one step away: in this page, else the first (or last) item of the adjacent page. */
function useNeighbour(collectionId: number, list: ListContext, index: number, step: 1 | -1): Neighbour | null {
  const inPage = list.ids[index + step];
  const search = inPage === undefined ? adjacentPageSearch(list, step) : null;
  const adjacent = useItems(collectionId, itemsQuery(new URLSearchParams(search ?? '')), search !== null);
  if (inPage !== undefined) return { id: inPage, list };
  const page = search !== null ? adjacent.data : undefined;
  const ids = page?.items.map((item) => item.id) ?? [];
  const id = step === 1 ? ids[0] : ids[ids.length - 1];
  if (id === undefined || search === null) return null;
  return { id, list: { search, ids, next: page?.next, prev: page?.prev } };
}

function NeighbourLinks({ collectionId, itemId, list }: { collectionId: number; itemId: number; list: ListContext }) {
  const intl = useIntl();
  const index = list.ids.indexOf(itemId);
  const previous = useNeighbour(collectionId, list, index, -1);
  const next = useNeighbour(collectionId, list, index, 1);
  return (
    <nav className="neighbours" aria-label={intl.formatMessage(messages.label)}>
      {previous ? (
        <Link className="neighbours__link" rel="prev" to={paths.item(collectionId, previous.id)} state={listState(previous.list)}>
          <ArrowLeft aria-hidden="true" size={18} />
          {intl.formatMessage(messages.previous)}
        </Link>
      ) : (
        <span />
      )}
      <Link className="neighbours__link" to={`${paths.collection(collectionId)}${list.search}`}>
        <List aria-hidden="true" size={18} />
        {intl.formatMessage(messages.back)}
      </Link>
      {next ? (
        <Link className="neighbours__link" rel="next" to={paths.item(collectionId, next.id)} state={listState(next.list)}>
          {intl.formatMessage(messages.next)}
          <ArrowRight aria-hidden="true" size={18} />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Nothing when the page was opened without a list, or from a list that does not hold this item. */
export function ItemNeighbours({ collectionId, itemId }: { collectionId: number; itemId: number }) {
  const location = useLocation();
  const list = readListContext(location.state);
  if (!list || !list.ids.includes(itemId)) return null;
  return <NeighbourLinks collectionId={collectionId} itemId={itemId} list={list} />;
}
