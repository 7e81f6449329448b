// Spec §2 "Delete loan": confirmed on its own screen.
import { Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import type { Loan } from '@shared/schemas/lending';
import type { Crumb } from '@web/components/breadcrumbs';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { FormScreen } from '@web/components/screen';
import { itemTitle } from '@web/features/items/components/item-title';
import { useRevalidateLending } from '@web/features/lending/api/borrowers';
import { deleteLoan } from '@web/features/lending/api/loans';
import { describeError } from '@web/lib/error-messages';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { LoanGate } from '../loan-gate';

const messages = defineMessages<{ title: Record<string, never>; confirm: { title: string; name: string } }>({
  title: { id: 'app.loanDelete.title', defaultMessage: 'Delete this loan' },
  confirm: {
    id: 'app.loanDelete.confirm',
    defaultMessage: 'Delete the loan of “{title}” to {name}? It disappears from the item’s and the borrower’s history.',
  },
});

function DeleteLoanScreen({ collection, item, loan, crumbs }: { collection: Collection; item: Item; loan: Loan; crumbs: Crumb[] }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const navigateWithFlash = useNavigateWithFlash();
  const revalidate = useRevalidateLending();
  const back = paths.item(collection.id, item.id);
  const remove = useAction(async () => {
    await deleteLoan(loan.id);
    await revalidate();
    navigateWithFlash(back);
  });
  return (
    <FormScreen title={intl.formatMessage(messages.title)} crumbs={crumbs}>
      <p>{intl.formatMessage(messages.confirm, { title: itemTitle(intl, item), name: loan.borrower.name })}</p>
      {remove.error ? <ErrorAlert>{describeError(intl, remove.error)}</ErrorAlert> : null}
      <div className="actions">
        <Button variant="danger" icon={Trash2} disabled={demo || remove.busy} onClick={() => void remove.run()}>
          {intl.formatMessage(commonMessages.delete)}
        </Button>
        <ButtonLink variant="secondary" to={paths.loan(collection.id, item.id, loan.id)}>
          {intl.formatMessage(commonMessages.cancel)}
        </ButtonLink>
      </div>
    </FormScreen>
  );
}

export default function LoanDeleteRoute() {
  return (
    <LoanGate>
      {(collection, item, loan, crumbs) => <DeleteLoanScreen collection={collection} item={item} loan={loan} crumbs={crumbs} />}
    </LoanGate>
  );
}
