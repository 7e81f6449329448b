// Spec §2 "Borrow request": a visitor asks to borrow an item (the address QR labels lead to). Whoever the
// item's "who can borrow" does not allow is told so instead of getting a form.
import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import { ErrorAlert } from '@web/components/alert';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { useItem } from '@web/features/items/api/get-item';
import { itemTitle } from '@web/features/items/components/item-title';
import { useProfile } from '@web/features/profile/api/get-profile';
import { BorrowForm, type Requester } from '@web/features/lending/components/borrow-form';
import { HoldForm } from '@web/features/lending/components/hold-form';
import { availabilityText } from '@web/features/lending/components/loan-words';
import { useMediaSrc } from '@web/lib/media-url';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { useSession } from '@web/lib/use-session';
import { CollectionGate, useCollectionCrumbs, useRouteIds } from '../collection-gate';
import { LoansEnabledGate } from '../lending-gate';

const messages = defineMessages<{ title: { title: string }; notAllowed: Record<string, never>; signIn: Record<string, never> }>({
  title: { id: 'app.itemBorrow.title', defaultMessage: 'Borrow {title}' },
  notAllowed: { id: 'app.itemBorrow.notAllowed', defaultMessage: 'This item cannot be borrowed by you.' },
  signIn: { id: 'app.itemBorrow.signIn', defaultMessage: 'Sign in to ask to borrow it: its owner lends it to signed-in users only.' },
});

function BorrowScreen({ collection, item, requester }: { collection: Collection; item: Item; requester?: Requester }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const crumbs = useCollectionCrumbs(collection);
  const name = itemTitle(intl, item);
  const cover = useMediaSrc()(item.cover, { size: 'thumb' });
  const signInFirst = !item.canBorrow && !item.isOwner && collection.borrowable === 1 && item.borrowable === null;
  return (
    <Screen
      title={intl.formatMessage(messages.title, { title: name })}
      crumbs={[...crumbs, { label: name, to: paths.item(collection.id, item.id) }]}
    >
      <section className="card">
        <h1>{intl.formatMessage(messages.title, { title: name })}</h1>
        <div className="borrow-item">
          {cover ? <img src={cover} alt="" fetchPriority="high" /> : null}
          <div>
            <p className="borrow-item__title">{name}</p>
            {item.availability ? <p className="muted">{availabilityText(intl, item.availability)}</p> : null}
          </div>
        </div>
        {item.canBorrow && item.availability?.available === 0 ? (
          <HoldForm item={item} readOnly={demo} requester={requester} />
        ) : item.canBorrow ? (
          <BorrowForm item={item} readOnly={demo} requester={requester} />
        ) : (
          <ErrorAlert>{intl.formatMessage(signInFirst ? messages.signIn : messages.notAllowed)}</ErrorAlert>
        )}
      </section>
    </Screen>
  );
}

function ItemLoader({ collection }: { collection: Collection }) {
  const { id } = useRouteIds();
  const item = useItem(collection.id, id);
  const session = useSession();
  // A signed-in visitor's name and address fill the form; their profile is awaited so the fields are
  // filled before anyone types in them (an unreadable profile just leaves them empty).
  const profile = useProfile(session !== null);
  if (id === null) return <NotFoundScreen />;
  if (item.error) return <PageError error={item.error} />;
  if (!item.data || (session && !profile.data && !profile.error)) return <Loading />;
  const me = profile.data;
  const requester = me ? { name: [me.firstName, me.lastName].filter(Boolean).join(' ') || me.username, email: me.email } : undefined;
  return <BorrowScreen collection={collection} item={item.data} requester={requester} />;
}

export default function ItemBorrowRoute() {
  return (
    <LoansEnabledGate>
      <CollectionGate>{(collection) => <ItemLoader collection={collection} />}</CollectionGate>
    </LoansEnabledGate>
  );
}
