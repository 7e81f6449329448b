// Due dates as an RFC 5545 calendar, written by ical-generator: one all-day event per loan, on its due
// date, with a UID that stays the same for the loan so calendars update the event instead of adding one.
import ical from 'ical-generator';

export interface DueLoan {
  id: number;
  title: string;
  dueOn: string;
}

/** The calendar text; `host` makes the UIDs unique across instances. */
export function loanCalendar(loans: DueLoan[], options: { name: string; host: string }): string {
  const calendar = ical({ name: options.name, prodId: { company: 'Vitrine', product: 'Loans' } });
  for (const loan of loans) {
    const day = new Date(`${loan.dueOn}T00:00:00Z`);
    calendar.createEvent({
      id: `loan-${loan.id}@${options.host}`,
      start: day,
      end: day,
      allDay: true,
      summary: loan.title,
      stamp: new Date(),
    });
  }
  return calendar.toString();
}
