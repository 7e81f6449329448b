// Offers that were not answered in time (issue: holds): hourly, each run expires a page of offers past
// their deadline and offers those copies to the next in line, together with a page of items where a copy
// is free while people wait (an offer whose email failed, a loan returned while lending was off). Both
// writes are conditional (state = 'offered' / 'waiting', and a free copy), so a run repeated or cut short
// never offers a copy twice; a page of offers goes out in one email batch. With 1,000 queues a run costs
// the same handful of statements: pages are bounded, and the next run takes what is left.
import type { Job, JobContext } from '@worker/jobs/job';
import type { Env } from '@worker/env';
import { readSettings } from '../settings/settings.queries';
import { sendHoldOffers } from './hold-emails';
import { copyFree } from './holds.queries';
import { offerNext } from './holds.service';

/** Items handled per run: their offers go in one batch (at most EMAIL_BATCH_MAX). */
export const HOLD_OFFERS_PAGE = 50;
/**
 * Expire, free items, read the offerable, offer, read the offered, their titles, the instance's address
 * and the borrowers' page links (one statement for all), and the email batch.
 */
const RUN_UNITS = 9;

async function expireAndOffer(env: Env, context: JobContext) {
  const now = context.now.toISOString();
  const expired = await env.DB.prepare(
    `UPDATE holds SET state = 'expired', offer_token_hash = NULL, updated_at = ?1
     WHERE id IN (SELECT id FROM holds WHERE state = 'offered' AND offer_expires_at <= ?1 ORDER BY offer_expires_at LIMIT ?2)
       AND state = 'offered'
     RETURNING item_id`,
  )
    .bind(now, HOLD_OFFERS_PAGE)
    .all<{ item_id: number }>();
  const waiting = await env.DB.prepare(
    `SELECT DISTINCT h.item_id FROM holds h WHERE h.state = 'waiting' AND ${copyFree('h.item_id')} ORDER BY h.item_id LIMIT ?1`,
  )
    .bind(HOLD_OFFERS_PAGE)
    .all<{ item_id: number }>();
  const items = [...new Set([...expired.results, ...waiting.results].map((r) => r.item_id))].slice(0, HOLD_OFFERS_PAGE);
  const offers = await offerNext(env.DB, items, now);
  await sendHoldOffers(env, context.db, offers);
  return { expired: expired.results.length, offered: offers.length };
}

export const holdOffersJob: Job = {
  name: 'hold-offers',
  units: 1 + RUN_UNITS,
  async run(env, context): Promise<Record<string, number>> {
    if (!context.budget.take()) return {};
    if (!(await readSettings(context.db)).loansEnabled) return { skipped: 1 };
    if (!context.budget.take(RUN_UNITS)) return {};
    return expireAndOffer(env, context);
  },
};
