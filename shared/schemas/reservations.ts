// The availability calendar of an item: the days every copy is taken, for whoever may see the item and
// ask to borrow it; the owner (and the collection's editors) also see whose loans take them.
//
//   GET /collections/{id}/items/{iid}/availability?from=YYYY-MM&months=N   itemCalendar
//     400 for a month that is not one or out of reach; 404 when the item is not visible, not lent at all
//     (who can borrow: Nobody) or loans are disabled.
import { z } from 'zod';
import { AVAILABILITY_MONTHS_MAX, MONTH_PATTERN } from '../lending';
import { wholly } from './common';
import { loanState } from './lending';

export const calendarQuery = z.object({
  /** The first month shown (default: this month). */
  from: z
    .string()
    .regex(wholly(MONTH_PATTERN))
    .refine((v) => Number(v.slice(5)) >= 1 && Number(v.slice(5)) <= 12, 'invalid_format')
    .optional(),
  months: z.coerce.number().int().min(1).max(AVAILABILITY_MONTHS_MAX).default(1),
});
export type CalendarQuery = z.input<typeof calendarQuery>;

/** Days (YYYY-MM-DD, both included). */
export const dayRange = z.object({ from: z.string(), to: z.string() });
export type DayRange = z.infer<typeof dayRange>;

export const itemCalendar = z.object({
  /** The first and last days the answer covers. */
  from: z.string(),
  to: z.string(),
  quantity: z.number().int(),
  /** Runs of days where every copy is taken, in order. */
  booked: z.array(dayRange),
  /** Only for the item's owner and editors (null for everyone else): the loans taking those days. */
  bookings: z.array(dayRange.extend({ loanId: z.number().int(), state: loanState, borrowerName: z.string() })).nullable(),
});
export type ItemCalendar = z.infer<typeof itemCalendar>;
