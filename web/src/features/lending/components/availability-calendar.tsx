// An item's availability calendar: a month of days, the booked ones (every copy taken) marked in words
// as well as colour, and the months before and after by two buttons. Visitors see only which days; the
// owner and editors also get the loans taking them.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { AVAILABILITY_MONTHS_AROUND } from '@shared/lending';
import type { ItemCalendar } from '@shared/schemas/reservations';
import { ErrorAlert } from '@web/components/alert';
import { IconButton } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { useItemCalendar } from '../api/availability';
import { formatDay, stateMessages } from './loan-words';
import { firstWeekday, inRanges, monthWeeks, shiftMonth } from './month-grid';
import './lending.css';

const messages = defineMessages({
  title: { id: 'lending.calendar.title', defaultMessage: 'Availability' },
  previous: { id: 'lending.calendar.previous', defaultMessage: 'Previous month' },
  next: { id: 'lending.calendar.next', defaultMessage: 'Next month' },
  booked: { id: 'lending.calendar.booked', defaultMessage: 'booked' },
  legend: { id: 'lending.calendar.legend', defaultMessage: 'Booked days: every copy is taken.' },
  noneBooked: { id: 'lending.calendar.noneBooked', defaultMessage: 'No day is booked this month.' },
  bookings: { id: 'lending.calendar.bookings', defaultMessage: 'Taken by' },
});

const bookingMessages = defineMessages<{ booking: { name: string; state: string; from: string; to: string } }>({
  booking: { id: 'lending.calendar.booking', defaultMessage: '{name} ({state}): {from} to {to}' },
});

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The weekdays' short and full names, from the week's first day (a known Sunday: 7 January 2024). */
function weekdays(intl: IntlShape, weekStart: number) {
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 7 + ((weekStart + i) % 7)));
    return {
      short: intl.formatDate(day, { weekday: 'short', timeZone: 'UTC' }),
      long: intl.formatDate(day, { weekday: 'long', timeZone: 'UTC' }),
    };
  });
}

export function AvailabilityCalendar({ collectionId, itemId, heading = 2 }: { collectionId: number; itemId: number; heading?: 2 | 3 }) {
  const intl = useIntl();
  const id = useId();
  const [month, setMonth] = useState(thisMonth);
  const calendar = useItemCalendar(collectionId, itemId, month);
  const around = (by: number) => Math.abs(monthsBetween(shiftMonth(month, by), thisMonth())) <= AVAILABILITY_MONTHS_AROUND;
  const title = intl.formatMessage(messages.title);
  const Heading = heading === 2 ? 'h2' : 'h3';
  const monthName = intl.formatDate(`${month}-01T00:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <section className="card availability-calendar" aria-labelledby={`${id}-title`} data-testid="availability-calendar">
      <Heading id={`${id}-title`}>{title}</Heading>
      <div className="availability-calendar__nav">
        <IconButton
          icon={ChevronLeft}
          label={intl.formatMessage(messages.previous)}
          disabled={!around(-1)}
          onClick={() => setMonth(shiftMonth(month, -1))}
        />
        <p className="availability-calendar__month" id={`${id}-month`} aria-live="polite">
          {monthName}
        </p>
        <IconButton
          icon={ChevronRight}
          label={intl.formatMessage(messages.next)}
          disabled={!around(1)}
          onClick={() => setMonth(shiftMonth(month, 1))}
        />
      </div>
      {calendar.error ? <ErrorAlert>{describeError(intl, calendar.error)}</ErrorAlert> : null}
      <MonthTable month={month} labelledBy={`${id}-month`} calendar={calendar.data} />
      <p className="muted availability-calendar__legend">
        <span className="availability-calendar__swatch" aria-hidden="true" /> {intl.formatMessage(messages.legend)}
      </p>
      {calendar.data && calendar.data.booked.length === 0 ? <p className="muted">{intl.formatMessage(messages.noneBooked)}</p> : null}
      {calendar.data?.bookings && calendar.data.bookings.length > 0 ? <Bookings bookings={calendar.data.bookings} /> : null}
    </section>
  );
}

const monthsBetween = (a: string, b: string) =>
  Number(a.slice(0, 4)) * 12 + Number(a.slice(5)) - (Number(b.slice(0, 4)) * 12 + Number(b.slice(5)));

function MonthTable({ month, labelledBy, calendar }: { month: string; labelledBy: string; calendar: ItemCalendar | undefined }) {
  const intl = useIntl();
  const weekStart = firstWeekday(intl.locale);
  const booked = calendar?.booked ?? [];
  const bookedWord = intl.formatMessage(messages.booked);
  return (
    <table className="availability-calendar__grid" aria-labelledby={labelledBy} aria-busy={!calendar}>
      <thead>
        <tr>
          {weekdays(intl, weekStart).map((day) => (
            <th key={day.long} scope="col">
              <abbr title={day.long}>{day.short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month, weekStart).map((week, w) => (
          <tr key={w}>
            {week.map((day, d) => {
              if (!day) return <td key={d} />;
              const taken = inRanges(day, booked);
              return (
                <td
                  key={day}
                  className={taken ? 'availability-calendar__day--booked' : undefined}
                  data-day={day}
                  data-booked={taken || undefined}
                >
                  {Number(day.slice(8))}
                  {taken ? <span className="visually-hidden"> {bookedWord}</span> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Bookings({ bookings }: { bookings: NonNullable<ItemCalendar['bookings']> }) {
  const intl = useIntl();
  const day = (date: string) => (date.startsWith('9999') || date.startsWith('0000') ? '…' : formatDay(intl, date));
  return (
    <>
      <h3 className="availability-calendar__bookings">{intl.formatMessage(messages.bookings)}</h3>
      <ul className="availability-calendar__list">
        {bookings.map((b) => (
          <li key={b.loanId}>
            {intl.formatMessage(bookingMessages.booking, {
              name: b.borrowerName,
              state: intl.formatMessage(stateMessages[b.state]),
              from: day(b.from),
              to: day(b.to),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
