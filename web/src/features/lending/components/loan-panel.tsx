// A loan's screen, above its edit form: where it stands, the requester's message and wanted dates, the
// loans those dates overlap (seen before accepting), and its next actions; declining takes an optional
// message for the requester.
import { Check, Handshake, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { canTransition, LOAN_RESPONSE_MAX_LENGTH, type LoanAction } from '@shared/lending';
import type { Loan } from '@shared/schemas/lending';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextareaField } from '@web/components/textarea-field';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { useRevalidateLending } from '../api/borrowers';
import { actOnLoan } from '../api/loans';
import { actionMessages, formatDay, loanDates, noEmailMessage, stateMessages } from './loan-words';
import './lending.css';

const messages = defineMessages<{
  from: { name: string; email: string };
  fromNoEmail: { name: string; noEmail: string };
  message: { message: string };
  overlaps: Record<string, never>;
  overlap: { name: string; state: string; from: string; until: string };
  response: Record<string, never>;
  open: Record<string, never>;
}>({
  from: { id: 'lending.loanPanel.from', defaultMessage: '{name} ({email})' },
  fromNoEmail: { id: 'lending.loanPanel.fromNoEmail', defaultMessage: '{name} ({noEmail})' },
  message: { id: 'lending.loanPanel.message', defaultMessage: 'Their message: “{message}”' },
  overlaps: { id: 'lending.loanPanel.overlaps', defaultMessage: 'These dates meet other loans of this item:' },
  overlap: { id: 'lending.loanPanel.overlap', defaultMessage: '{name} ({state}): {from} – {until}' },
  response: { id: 'lending.loanPanel.response', defaultMessage: 'Message to the requester (optional)' },
  open: { id: 'lending.loanPanel.open', defaultMessage: 'open' },
});

const ICONS = { accept: Check, reject: X, lend: Handshake, return: Undo2 } as const;

export function LoanPanel({ loan, readOnly }: { loan: Loan; readOnly: boolean }) {
  const intl = useIntl();
  const revalidate = useRevalidateLending();
  const [response, setResponse] = useState('');
  const { run, busy, error } = useAction(async (action: LoanAction) => {
    await actOnLoan(loan.id, action, { version: loan.version, ...(action === 'reject' ? { response } : {}) });
    await revalidate();
  });
  const actions = (['accept', 'lend', 'return', 'reject'] as const).filter((action) => canTransition(loan.state, action));
  const day = (date: string | null) => (date ? formatDay(intl, date) : intl.formatMessage(messages.open));
  return (
    <div className="stack">
      <p>
        <span className={`loan-state loan-state--${loan.overdue ? 'overdue' : loan.state}`} data-testid="loan-state">
          {intl.formatMessage(stateMessages[loan.state])}
        </span>{' '}
        {loan.borrower.email
          ? intl.formatMessage(messages.from, { name: loan.borrower.name, email: loan.borrower.email })
          : intl.formatMessage(messages.fromNoEmail, { name: loan.borrower.name, noEmail: intl.formatMessage(noEmailMessage) })}
      </p>
      {loanDates(intl, loan) ? <p className="muted">{loanDates(intl, loan)}</p> : null}
      {loan.message ? <p>{intl.formatMessage(messages.message, { message: loan.message })}</p> : null}
      {loan.overlaps.length > 0 ? (
        <div className="alert alert--warning" role="note">
          <p>{intl.formatMessage(messages.overlaps)}</p>
          <ul>
            {loan.overlaps.map((o) => (
              <li key={o.id}>
                {intl.formatMessage(messages.overlap, {
                  name: o.borrowerName,
                  state: intl.formatMessage(stateMessages[o.state]),
                  from: day(o.from),
                  until: day(o.until),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {actions.includes('reject') ? (
        <TextareaField
          name="response"
          label={intl.formatMessage(messages.response)}
          rows={2}
          maxLength={LOAN_RESPONSE_MAX_LENGTH}
          value={response}
          onChange={(event) => setResponse(event.target.value)}
          disabled={readOnly || busy}
        />
      ) : null}
      {actions.length > 0 ? (
        <div className="actions">
          {actions.map((action) => (
            <Button
              key={action}
              icon={ICONS[action]}
              variant={action === 'reject' ? 'secondary' : 'primary'}
              disabled={readOnly || busy}
              onClick={() => void run(action)}
            >
              {intl.formatMessage(actionMessages[action])}
            </Button>
          ))}
        </div>
      ) : null}
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
    </div>
  );
}
