// Spec §2 "Edit borrower".
import { defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { FormScreen } from '@web/components/screen';
import { updateBorrower, useBorrower, useRevalidateLending } from '@web/features/lending/api/borrowers';
import { BorrowerForm } from '@web/features/lending/components/borrower-form';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths, recordId } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { LendingGate, useLendingCrumbs } from '../lending-gate';

const messages = defineMessages<{ title: { name: string } }>({ title: { id: 'app.borrowerEdit.title', defaultMessage: 'Edit {name}' } });

function EditBorrowerScreen() {
  const intl = useIntl();
  const demo = useDemoMode();
  const navigateWithFlash = useNavigateWithFlash();
  const revalidate = useRevalidateLending();
  const id = recordId(useParams().id);
  const borrower = useBorrower(id);
  const crumbs = useLendingCrumbs();
  if (id === null) return <NotFoundScreen />;
  if (borrower.error) return <PageError error={borrower.error} />;
  if (!borrower.data) return <Loading />;
  const data = borrower.data;
  return (
    <FormScreen
      title={intl.formatMessage(messages.title, { name: data.name })}
      crumbs={[...crumbs, { label: data.name, to: paths.borrower(data.id) }]}
    >
      <BorrowerForm
        borrower={data}
        readOnly={demo}
        cancelTo={paths.borrower(data.id)}
        onSubmit={async (input) => {
          await updateBorrower(data.id, input);
          await revalidate();
          navigateWithFlash(paths.borrower(data.id));
        }}
      />
    </FormScreen>
  );
}

export default function BorrowerEditRoute() {
  return (
    <LendingGate>
      <EditBorrowerScreen />
    </LendingGate>
  );
}
