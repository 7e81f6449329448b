// A waiting list as its owner sees it (docs/product.md "Loans": holds): who is next, each person's place
// and state (offered, with the answer's deadline), and moving someone up or down or out of the line.
// On the item's page (one queue) and in the lending overview (every queue, each item named).
import { ArrowDown, ArrowUp, ListOrdered, X } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Hold } from '@shared/schemas/holds';
import type { Item } from '@shared/schemas/items';
import { ErrorAlert } from '@web/components/alert';
import { IconButton } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { moveHold, removeHold, useItemHolds, useOwnerHolds } from '../api/holds';

type Named = { name: string };
const messages = defineMessages<{
  title: { count: number };
  next: Named;
  offered: { date: string };
  up: Named;
  down: Named;
  remove: Named;
  overview: { count: number };
}>({
  title: { id: 'lending.holds.title', defaultMessage: 'Waiting list ({count, number})' },
  next: { id: 'lending.holds.next', defaultMessage: 'Next in line: {name}' },
  offered: { id: 'lending.holds.offered', defaultMessage: 'Offered by email; answer by {date}' },
  up: { id: 'lending.holds.up', defaultMessage: 'Move {name} up' },
  down: { id: 'lending.holds.down', defaultMessage: 'Move {name} down' },
  remove: { id: 'lending.holds.remove', defaultMessage: 'Remove {name} from the waiting list' },
  overview: { id: 'lending.holds.overview', defaultMessage: 'Waiting lists ({count, number})' },
});

function HoldRows({
  holds,
  readOnly,
  onChange,
  showItem,
}: {
  holds: Hold[];
  readOnly: boolean;
  onChange: () => Promise<unknown>;
  showItem: boolean;
}) {
  const intl = useIntl();
  const { run, busy, error } = useAction(async (work: () => Promise<unknown>) => {
    await work();
    await onChange();
  });
  return (
    <>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      <ol className="hold-queue">
        {holds.map((hold, index) => {
          const name = hold.borrower.name;
          const waiting = hold.state === 'waiting';
          const previous = holds[index - 1];
          const following = holds[index + 1];
          const sameItem = (other: Hold | undefined) => other !== undefined && other.itemId === hold.itemId && other.state === 'waiting';
          return (
            <li key={hold.id} className="hold-queue__row">
              <span className="hold-queue__place">{hold.place}</span>
              <div className="hold-queue__who">
                {showItem ? (
                  <Link to={paths.item(hold.collectionId, hold.itemId)} className="hold-queue__item">
                    {hold.title}
                  </Link>
                ) : null}
                <span>{name}</span>
                {hold.borrower.email ? <span className="muted"> · {hold.borrower.email}</span> : null}
                {hold.state === 'offered' && hold.offerExpiresAt ? (
                  <span className="muted hold-queue__offer">
                    {intl.formatMessage(messages.offered, {
                      date: intl.formatDate(hold.offerExpiresAt, { dateStyle: 'medium', timeStyle: 'short' }),
                    })}
                  </span>
                ) : null}
              </div>
              {readOnly ? null : (
                <div className="hold-queue__actions">
                  <IconButton
                    icon={ArrowUp}
                    size="small"
                    label={intl.formatMessage(messages.up, { name })}
                    disabled={busy || !waiting || !sameItem(previous)}
                    onClick={() => void run(() => moveHold(hold.id, 'up'))}
                  />
                  <IconButton
                    icon={ArrowDown}
                    size="small"
                    label={intl.formatMessage(messages.down, { name })}
                    disabled={busy || !waiting || !sameItem(following)}
                    onClick={() => void run(() => moveHold(hold.id, 'down'))}
                  />
                  <IconButton
                    icon={X}
                    size="small"
                    label={intl.formatMessage(messages.remove, { name })}
                    disabled={busy}
                    onClick={() => void run(() => removeHold(hold.id))}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** The item's queue, under its loans; nothing while nobody waits (or while it cannot be read). */
export function ItemHoldQueue({ item, readOnly }: { item: Item; readOnly: boolean }) {
  const intl = useIntl();
  const holds = useItemHolds(item.collectionId, item.id);
  // A secondary panel: if the queue cannot be read, the loans above still say what matters.
  const list = holds.data?.holds ?? [];
  if (list.length === 0) return null;
  const title = intl.formatMessage(messages.title, { count: list.length });
  return (
    <section className="card item-holds" aria-labelledby="item-holds-title">
      <h2 id="item-holds-title">
        <ListOrdered size={20} aria-hidden="true" /> {title}
      </h2>
      <p data-testid="next-in-line">{intl.formatMessage(messages.next, { name: list[0]!.borrower.name })}</p>
      <HoldRows holds={list} readOnly={readOnly} onChange={() => holds.mutate()} showItem={false} />
    </section>
  );
}

/** Every queue of the owner's items, in the lending overview; nothing while nobody waits. */
export function OwnerHoldQueues({ readOnly }: { readOnly: boolean }) {
  const intl = useIntl();
  const holds = useOwnerHolds();
  // A secondary panel: if the queue cannot be read, the loans above still say what matters.
  const list = holds.data?.holds ?? [];
  if (list.length === 0) return null;
  const title = intl.formatMessage(messages.overview, { count: list.length });
  return (
    <section className="card" aria-labelledby="lending-holds">
      <h2 id="lending-holds">{title}</h2>
      <HoldRows holds={list} readOnly={readOnly} onChange={() => holds.mutate()} showItem />
    </section>
  );
}
