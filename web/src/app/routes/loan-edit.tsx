// Spec §2 "Edit loan" and "manage a request": the loan's state and next actions, then its details.
import { Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import type { Item } from '@shared/schemas/items';
import type { Loan } from '@shared/schemas/lending';
import type { Crumb } from '@web/components/breadcrumbs';
import { ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { FlashStatus } from '@web/components/flash-status';
import { FormScreen } from '@web/components/screen';
import { itemTitle } from '@web/features/items/components/item-title';
import { useRevalidateLending } from '@web/features/lending/api/borrowers';
import { updateLoan } from '@web/features/lending/api/loans';
import { LoanForm } from '@web/features/lending/components/loan-form';
import { LoanPanel } from '@web/features/lending/components/loan-panel';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { LoanGate } from '../loan-gate';

// The page's title says where the loan stands: a request is not yet a loan.
const messages = defineMessages<{ title: { title: string; name: string; state: Loan['state'] } }>({
  title: {
    id: 'app.loanEdit.title',
    defaultMessage:
      '{state, select, asked {{title}, asked for by {name}} accepted {{title}, to lend to {name}} rejected {{title}, declined to {name}} returned {{title}, returned by {name}} other {{title}, lent to {name}}}',
  },
});

function LoanScreen({ collection, item, loan, crumbs }: { collection: Collection; item: Item; loan: Loan; crumbs: Crumb[] }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const navigateWithFlash = useNavigateWithFlash();
  const revalidate = useRevalidateLending();
  const back = paths.item(collection.id, item.id);
  return (
    <FormScreen
      title={intl.formatMessage(messages.title, { title: itemTitle(intl, item), name: loan.borrower.name, state: loan.state })}
      crumbs={crumbs}
    >
      <FlashStatus />
      <LoanPanel loan={loan} readOnly={demo} />
      <LoanForm
        key={loan.version}
        loan={loan}
        readOnly={demo}
        cancelTo={back}
        onSubmit={async (input) => {
          await updateLoan(loan.id, input);
          await revalidate();
          navigateWithFlash(back);
        }}
      />
      <div className="actions">
        <ButtonLink variant="quiet" icon={Trash2} to={paths.loanDelete(collection.id, item.id, loan.id)}>
          {intl.formatMessage(commonMessages.delete)}
        </ButtonLink>
      </div>
    </FormScreen>
  );
}

export default function LoanEditRoute() {
  return (
    <LoanGate>
      {(collection, item, loan, crumbs) => <LoanScreen collection={collection} item={item} loan={loan} crumbs={crumbs} />}
    </LoanGate>
  );
}
