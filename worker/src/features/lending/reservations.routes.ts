// The availability calendar of an item page (shared/schemas/reservations.ts): public wherever the item
// and its lending are, never naming who booked a day except to the owner and the collection's editors.
import { createRoute, z } from '@hono/zod-openapi';
import { AVAILABILITY_MONTHS_AROUND } from '@shared/lending';
import { calendarQuery, itemCalendar } from '@shared/schemas/reservations';
import { ApiError } from '@worker/lib/api-error';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { hasRole } from '@worker/lib/visibility';
import { optionalUser } from '@worker/middleware/auth';
import { requireVisibleCollection } from '../collections/collections.queries';
import { effectiveBorrowLevel, loadItem } from '../items/items.queries';
import { requireLoansEnabled } from './lending.gate';
import { itemCalendar as calendarOf, monthsSpan, todayUtc } from './reservations.service';

const itemParam = z.object({ id: z.coerce.number().int().positive(), iid: z.coerce.number().int().positive() });

const calendar = createRoute({
  tags: ['Loans'],
  method: 'get',
  path: '/collections/{id}/items/{iid}/availability',
  summary: 'The days every copy of an item is taken, month by month (who took them: its owner and editors only)',
  security: [...bearer, {}],
  middleware: [optionalUser, requireLoansEnabled],
  request: { params: itemParam, query: calendarQuery },
  responses: { 200: jsonContent(itemCalendar, 'Booked days'), ...errors(400, 404) },
});

/** Months between two YYYY-MM. */
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

export const reservationRoutes = createRouter().openapi(calendar, async (c) => {
  const { id, iid } = c.req.valid('param');
  const query = c.req.valid('query');
  const thisMonth = todayUtc().slice(0, 7);
  const month = query.from ?? thisMonth;
  // Bounded, so nobody walks years of an item's history a request at a time.
  if (Math.abs(monthIndex(month) - monthIndex(thisMonth)) > AVAILABILITY_MONTHS_AROUND) {
    throw new ApiError('VALIDATION_FAILED', {
      fields: [{ path: 'from', reason: 'too_big', message: '', maximum: AVAILABILITY_MONTHS_AROUND }],
    });
  }
  const found = await requireVisibleCollection(c.get('db'), c.get('caller'), id);
  const item = await loadItem(c.get('d1'), found.collection.id, iid);
  // What the item page does not show (the item, or its lending) has no calendar either.
  const hidden = !item || found.collection.visibility === 4 || item.level === 4 || item.level > found.level;
  if (hidden || effectiveBorrowLevel(item, found.collection) === 4) throw new ApiError('NOT_FOUND');
  const window = monthsSpan(month, query.months);
  return c.json(await calendarOf(c.get('d1'), item, window, hasRole(found.role, 'editor')), 200);
});
