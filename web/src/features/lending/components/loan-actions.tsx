// The buttons that move a loan on (accept, lend, get back) where a list shows it; declining goes to the
// loan's screen, where the owner may write why. Each click is one request; errors show under the row.
import { Check, Handshake, Undo2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { LoanAction } from '@shared/lending';
import { canTransition } from '@shared/lending';
import type { Loan } from '@shared/schemas/lending';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { describeError, describeFieldIssue, fieldIssues } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { useRevalidateLending } from '../api/borrowers';
import { actOnLoan } from '../api/loans';
import { actionMessages } from './loan-words';

const ICONS = { accept: Check, lend: Handshake, return: Undo2 } as const;

export function LoanActions({ loan, readOnly }: { loan: Loan; readOnly: boolean }) {
  const intl = useIntl();
  const revalidate = useRevalidateLending();
  const { run, busy, error } = useAction(async (action: LoanAction) => {
    await actOnLoan(loan.id, action, { version: loan.version });
    await revalidate();
  });
  const booked = fieldIssues(error).get('dueOn');
  const quick = (['accept', 'lend', 'return'] as const).filter((action) => canTransition(loan.state, action));
  const declinable = canTransition(loan.state, 'reject');
  if (quick.length === 0 && !declinable) return null;
  return (
    <>
      <div className="actions">
        {quick.map((action) => (
          <Button
            key={action}
            size="small"
            variant={action === 'accept' ? 'primary' : 'secondary'}
            icon={ICONS[action]}
            disabled={readOnly || busy}
            onClick={() => void run(action)}
          >
            {intl.formatMessage(actionMessages[action])}
          </Button>
        ))}
        {declinable && readOnly ? (
          // Read-only (the demo), declining is as unavailable as the other actions, and looks it.
          <Button size="small" variant="quiet" disabled>
            {intl.formatMessage(actionMessages.reject)}
          </Button>
        ) : declinable ? (
          <ButtonLink size="small" variant="quiet" to={paths.loan(loan.item.collectionId, loan.item.id, loan.id)}>
            {intl.formatMessage(actionMessages.reject)}
          </ButtonLink>
        ) : null}
      </div>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      {/* Lending over an accepted reservation: which days it holds, so the owner knows what to change. */}
      {booked ? <ErrorAlert>{describeFieldIssue(intl, booked)}</ErrorAlert> : null}
    </>
  );
}
