// Spec §2 "Delete borrower": refused while they hold a lent copy; otherwise says what goes with them.
import { Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { Loading } from '@web/components/loading';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { PageError } from '@web/components/page-error';
import { FormScreen } from '@web/components/screen';
import { deleteBorrower, useBorrower, useBorrowerDeletion, useRevalidateLending } from '@web/features/lending/api/borrowers';
import { LoanList } from '@web/features/lending/components/loan-list';
import { describeError } from '@web/lib/error-messages';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths, recordId } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { LendingGate, useLendingCrumbs } from '../lending-gate';

const messages = defineMessages<{
  title: { name: string };
  holds: { name: string; count: number };
  held: Record<string, never>;
  withLoans: { count: number };
}>({
  title: { id: 'app.borrowerDelete.title', defaultMessage: 'Delete {name}' },
  holds: {
    id: 'app.borrowerDelete.holds',
    defaultMessage:
      '{name} still holds {count, plural, one {an item you lent} other {# items you lent}}. Get {count, plural, one {it} other {them}} back before deleting this borrower.',
  },
  held: { id: 'app.borrowerDelete.held', defaultMessage: 'Items they hold' },
  withLoans: {
    id: 'app.borrowerDelete.withLoans',
    defaultMessage:
      '{count, plural, =0 {This borrower has no loan history.} one {Their # past loan or request is deleted with them.} other {Their # past loans and requests are deleted with them.}}',
  },
});

function DeleteBorrowerScreen() {
  const intl = useIntl();
  const demo = useDemoMode();
  const navigateWithFlash = useNavigateWithFlash();
  const revalidate = useRevalidateLending();
  const id = recordId(useParams().id);
  const borrower = useBorrower(id);
  const deletion = useBorrowerDeletion(id);
  const crumbs = useLendingCrumbs();
  const remove = useAction(async () => {
    await deleteBorrower(id!);
    await revalidate();
    navigateWithFlash(paths.borrowers());
  });
  if (id === null) return <NotFoundScreen />;
  const error = borrower.error ?? deletion.error;
  if (error) return <PageError error={error} />;
  if (!borrower.data || !deletion.data) return <Loading />;
  const { name } = borrower.data;
  const held = deletion.data.heldLoans;
  return (
    <FormScreen title={intl.formatMessage(messages.title, { name })} crumbs={[...crumbs, { label: name, to: paths.borrower(id) }]}>
      {held > 0 ? (
        <>
          <ErrorAlert>{intl.formatMessage(messages.holds, { name, count: held })}</ErrorAlert>
          {/* What they hold, each with "Get back", so the screen itself clears the way. */}
          <LoanList
            loans={borrower.data.loans.filter((loan) => loan.state === 'lent')}
            show="item"
            readOnly={demo}
            label={intl.formatMessage(messages.held)}
          />
        </>
      ) : (
        <p>{intl.formatMessage(messages.withLoans, { count: deletion.data.otherLoans })}</p>
      )}
      {remove.error ? <ErrorAlert>{describeError(intl, remove.error)}</ErrorAlert> : null}
      <div className="actions">
        <Button variant="danger" icon={Trash2} disabled={demo || held > 0 || remove.busy} onClick={() => void remove.run()}>
          {intl.formatMessage(commonMessages.delete)}
        </Button>
        <ButtonLink variant="secondary" to={paths.borrower(id)}>
          {intl.formatMessage(commonMessages.cancel)}
        </ButtonLink>
      </div>
    </FormScreen>
  );
}

export default function BorrowerDeleteRoute() {
  return (
    <LendingGate>
      <DeleteBorrowerScreen />
    </LendingGate>
  );
}
