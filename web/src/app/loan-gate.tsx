// The loan screens' frame: lending on, the owner's collection, the item (:iid) and, for an existing loan,
// the loan (:id) of that item.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import type { Loan } from '@shared/schemas/lending';
import type { Crumb } from '../components/breadcrumbs';
import { Loading } from '../components/loading';
import { NotFoundScreen } from '../components/not-found-screen';
import { PageError } from '../components/page-error';
import { useItem } from '../features/items/api/get-item';
import { itemTitle } from '../features/items/components/item-title';
import { useLoan } from '../features/lending/api/loans';
import { paths, recordId } from '../lib/paths';
import { CollectionGate, useCollectionCrumbs } from './collection-gate';
import { LoansEnabledGate } from './lending-gate';

export function useLoanRouteIds(): { itemId: number | null; loanId: number | null } {
  const params = useParams();
  return { itemId: recordId(params.iid), loanId: recordId(params.id) };
}

function ItemLoader({ collection, children }: { collection: Collection; children: (item: Item, crumbs: Crumb[]) => ReactNode }) {
  const intl = useIntl();
  const { itemId } = useLoanRouteIds();
  const item = useItem(collection.id, itemId);
  const crumbs = useCollectionCrumbs(collection);
  if (itemId === null) return <NotFoundScreen />;
  if (item.error) return <PageError error={item.error} />;
  if (!item.data) return <Loading />;
  return <>{children(item.data, [...crumbs, { label: itemTitle(intl, item.data), to: paths.item(collection.id, item.data.id) }])}</>;
}

/**
 * The item of a loan screen, with the breadcrumbs down to it: for the owner, and for the collection's
 * editors and co-owners, who lend too.
 */
export function LoanItemGate({ children }: { children: (collection: Collection, item: Item, crumbs: Crumb[]) => ReactNode }) {
  return (
    <LoansEnabledGate>
      <CollectionGate least="editor">
        {(collection) => <ItemLoader collection={collection}>{(item, crumbs) => children(collection, item, crumbs)}</ItemLoader>}
      </CollectionGate>
    </LoansEnabledGate>
  );
}

function LoanLoader({ item, children }: { item: Item; children: (loan: Loan) => ReactNode }) {
  const { loanId } = useLoanRouteIds();
  const loan = useLoan(loanId);
  if (loanId === null) return <NotFoundScreen />;
  if (loan.error) return <PageError error={loan.error} />;
  if (!loan.data) return <Loading />;
  // A loan of another item under this item's address is not found, as it would be anywhere else.
  if (loan.data.item.id !== item.id) return <NotFoundScreen />;
  return <>{children(loan.data)}</>;
}

/** LoanItemGate, then the item's loan (:id). */
export function LoanGate({ children }: { children: (collection: Collection, item: Item, loan: Loan, crumbs: Crumb[]) => ReactNode }) {
  return (
    <LoanItemGate>
      {(collection, item, crumbs) => <LoanLoader item={item}>{(loan) => children(collection, item, loan, crumbs)}</LoanLoader>}
    </LoanItemGate>
  );
}
