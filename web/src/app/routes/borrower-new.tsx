// Spec §2 "New borrower".
import { defineMessages, useIntl } from 'react-intl';
import { FormScreen } from '@web/components/screen';
import { createBorrower, useRevalidateLending } from '@web/features/lending/api/borrowers';
import { BorrowerForm } from '@web/features/lending/components/borrower-form';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { LendingGate, useLendingCrumbs } from '../lending-gate';

const messages = defineMessages({ title: { id: 'app.borrowerNew.title', defaultMessage: 'New borrower' } });

function NewBorrowerScreen() {
  const intl = useIntl();
  const demo = useDemoMode();
  const navigateWithFlash = useNavigateWithFlash();
  const revalidate = useRevalidateLending();
  return (
    <FormScreen title={intl.formatMessage(messages.title)} crumbs={useLendingCrumbs()}>
      <BorrowerForm
        readOnly={demo}
        cancelTo={paths.borrowers()}
        onSubmit={async (input) => {
          const created = await createBorrower(input);
          await revalidate();
          navigateWithFlash(paths.borrower(created.id));
        }}
      />
    </FormScreen>
  );
}

export default function BorrowerNewRoute() {
  return (
    <LendingGate>
      <NewBorrowerScreen />
    </LendingGate>
  );
}
