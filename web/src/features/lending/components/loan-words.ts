// How loans are worded everywhere: their states, actions and dates, in the app's language.
import type { IntlShape } from 'react-intl';
import { defineMessages } from 'react-intl';
import type { LoanAction, LoanState } from '@shared/lending';
import type { Availability, Loan } from '@shared/schemas/lending';

export const stateMessages = defineMessages<LoanState>({
  asked: { id: 'lending.state.asked', defaultMessage: 'Requested' },
  accepted: { id: 'lending.state.accepted', defaultMessage: 'Accepted' },
  rejected: { id: 'lending.state.rejected', defaultMessage: 'Declined' },
  lent: { id: 'lending.state.lent', defaultMessage: 'Lent' },
  returned: { id: 'lending.state.returned', defaultMessage: 'Returned' },
});

export const actionMessages = defineMessages<LoanAction>({
  accept: { id: 'lending.action.accept', defaultMessage: 'Accept' },
  reject: { id: 'lending.action.reject', defaultMessage: 'Decline' },
  lend: { id: 'lending.action.lend', defaultMessage: 'Lend' },
  return: { id: 'lending.action.return', defaultMessage: 'Get back' },
});

const messages = defineMessages<{
  allAvailable: { count: number };
  someAvailable: { available: number; quantity: number };
  onLoan: Record<string, never>;
  dueBack: { date: string };
  overdue: { days: number };
  lentOn: { date: string };
  dueOn: { date: string };
  returnedOn: { date: string };
  wanted: { from: string; until: string };
  reserved: { from: string; to: string };
  anyDate: Record<string, never>;
}>({
  allAvailable: { id: 'lending.availability.all', defaultMessage: '{count, plural, one {Available} other {All # copies available}}' },
  someAvailable: { id: 'lending.availability.some', defaultMessage: '{available, number} of {quantity, number} available' },
  onLoan: { id: 'lending.availability.onLoan', defaultMessage: 'On loan' },
  dueBack: { id: 'lending.availability.dueBack', defaultMessage: 'due back {date}' },
  overdue: { id: 'lending.loan.overdue', defaultMessage: '{days, plural, one {# day late} other {# days late}}' },
  lentOn: { id: 'lending.loan.lentOn', defaultMessage: 'Lent on {date}' },
  dueOn: { id: 'lending.loan.dueOn', defaultMessage: 'Due back {date}' },
  returnedOn: { id: 'lending.loan.returnedOn', defaultMessage: 'Returned on {date}' },
  wanted: { id: 'lending.loan.wanted', defaultMessage: 'Wanted from {from} to {until}' },
  anyDate: { id: 'lending.loan.anyDate', defaultMessage: 'any date' },
  reserved: { id: 'lending.loan.reserved', defaultMessage: 'Reservation: {from} to {to}' },
});

/** Said wherever a borrower recorded without an email is shown: nothing will be sent to them. */
export const noEmailMessage = defineMessages({
  noEmail: { id: 'lending.borrower.noEmail', defaultMessage: 'No email: reminders are not sent' },
}).noEmail;

/** A calendar date (YYYY-MM-DD) in the app's language, e.g. "23 March 2027". */
export function formatDay(intl: IntlShape, date: string): string {
  return intl.formatDate(`${date}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
}

/** "2 of 3 available", "Available", "On loan" (+ "due back …" for the owner). */
export function availabilityText(intl: IntlShape, availability: Availability): string {
  const { available, quantity, nextDueOn } = availability;
  const base =
    available === quantity
      ? intl.formatMessage(messages.allAvailable, { count: quantity })
      : available === 0
        ? intl.formatMessage(messages.onLoan)
        : intl.formatMessage(messages.someAvailable, { available, quantity });
  return nextDueOn && available < quantity
    ? `${base} · ${intl.formatMessage(messages.dueBack, { date: formatDay(intl, nextDueOn) })}`
    : base;
}

/** Days past the due date, by the browser's today (UTC, like the server's dates). */
export function daysLate(dueOn: string, today = new Date().toISOString().slice(0, 10)): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / 86_400_000));
}

/** "Reservation: 5 July 2099 to 6 July 2099" for a dated request, else null. */
export function reservationText(intl: IntlShape, loan: Pick<Loan, 'reservedFrom' | 'reservedTo'>): string | null {
  if (!loan.reservedFrom || !loan.reservedTo) return null;
  return intl.formatMessage(messages.reserved, { from: formatDay(intl, loan.reservedFrom), to: formatDay(intl, loan.reservedTo) });
}

/** The dates that matter for a loan in its state, as one line. */
export function loanDates(intl: IntlShape, loan: Loan): string {
  const day = (date: string) => formatDay(intl, date);
  const parts: string[] = [];
  if (loan.state === 'asked' || loan.state === 'accepted' || loan.state === 'rejected') {
    const reservation = reservationText(intl, loan);
    if (reservation) parts.push(reservation);
    if (loan.wantedFrom || loan.wantedUntil) {
      const any = intl.formatMessage(messages.anyDate);
      parts.push(
        intl.formatMessage(messages.wanted, {
          from: loan.wantedFrom ? day(loan.wantedFrom) : any,
          until: loan.wantedUntil ? day(loan.wantedUntil) : any,
        }),
      );
    }
  } else {
    if (loan.lentOn) parts.push(intl.formatMessage(messages.lentOn, { date: day(loan.lentOn) }));
    if (loan.state === 'lent' && loan.dueOn) parts.push(intl.formatMessage(messages.dueOn, { date: day(loan.dueOn) }));
    if (loan.state === 'returned' && loan.returnedOn) parts.push(intl.formatMessage(messages.returnedOn, { date: day(loan.returnedOn) }));
  }
  if (loan.overdue && loan.dueOn) parts.push(intl.formatMessage(messages.overdue, { days: daysLate(loan.dueOn) }));
  return parts.join(' · ');
}
