// Spec §2 "New loan": the owner lends a copy of the item directly.
import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import type { Crumb } from '@web/components/breadcrumbs';
import { FormScreen } from '@web/components/screen';
import { itemTitle } from '@web/features/items/components/item-title';
import { useRevalidateLending } from '@web/features/lending/api/borrowers';
import { createLoan } from '@web/features/lending/api/loans';
import { LoanForm } from '@web/features/lending/components/loan-form';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { LoanItemGate } from '../loan-gate';

const messages = defineMessages<{ title: { title: string } }>({
  title: { id: 'app.loanNew.title', defaultMessage: 'Lend {title}' },
});

function NewLoanScreen({ collection, item, crumbs }: { collection: Collection; item: Item; crumbs: Crumb[] }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const navigateWithFlash = useNavigateWithFlash();
  const revalidate = useRevalidateLending();
  const back = paths.item(collection.id, item.id);
  return (
    <FormScreen title={intl.formatMessage(messages.title, { title: itemTitle(intl, item) })} crumbs={crumbs}>
      <LoanForm
        readOnly={demo}
        cancelTo={back}
        collectionId={collection.id}
        loanPeriodDays={collection.loanPeriodDays}
        onSubmit={async (input) => {
          await createLoan(collection.id, item.id, input);
          await revalidate();
          navigateWithFlash(back);
        }}
      />
    </FormScreen>
  );
}

export default function LoanNewRoute() {
  return <LoanItemGate>{(collection, item, crumbs) => <NewLoanScreen collection={collection} item={item} crumbs={crumbs} />}</LoanItemGate>;
}
