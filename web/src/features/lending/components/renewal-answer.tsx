// A renewal the borrower asked for from their page, shown on the owner's loan row: accept (the due date
// moves to the one asked) or decline, one request each.
import { defineMessages, useIntl } from 'react-intl';
import type { RenewalAnswer as Answer } from '@shared/lending';
import type { Loan } from '@shared/schemas/lending';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { apiRequest } from '@web/lib/api-client';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { useRevalidateLending } from '../api/borrowers';
import { formatDay } from './loan-words';

const messages = defineMessages<{ asked: { date: string }; accept: Record<string, never>; decline: Record<string, never> }>({
  asked: { id: 'lending.renewal.asked', defaultMessage: 'Asks to keep it until {date}' },
  accept: { id: 'lending.renewal.accept', defaultMessage: 'Accept renewal' },
  decline: { id: 'lending.renewal.decline', defaultMessage: 'Decline renewal' },
});

export function RenewalAnswer({ loan, readOnly }: { loan: Loan; readOnly: boolean }) {
  const intl = useIntl();
  const revalidate = useRevalidateLending();
  const { run, busy, error } = useAction(async (answer: Answer) => {
    await apiRequest<Loan>(`/loans/${loan.id}/renewal/${answer}`, { method: 'POST' });
    await revalidate();
  });
  if (loan.renewal !== 'asked' || !loan.renewalDueOn) return null;
  return (
    <>
      <p className="loan-row__message">{intl.formatMessage(messages.asked, { date: formatDay(intl, loan.renewalDueOn) })}</p>
      <div className="actions">
        <Button size="small" disabled={readOnly || busy} onClick={() => void run('accept')}>
          {intl.formatMessage(messages.accept)}
        </Button>
        <Button size="small" variant="quiet" disabled={readOnly || busy} onClick={() => void run('decline')}>
          {intl.formatMessage(messages.decline)}
        </Button>
      </div>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
    </>
  );
}
