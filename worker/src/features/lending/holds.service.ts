// Writes of waiting lists (docs/product.md "Loans": holds). Every change of a hold's state is ONE
// conditional UPDATE naming the state it starts from (shared/lending.ts HOLD_TRANSITIONS), so two
// answers, a timeout and the owner racing on the same hold cannot both pass; and an offer is only made
// while a copy is free once offers already open are counted, decided in that same statement.
import type { Context } from 'hono';
import { HOLD_TRANSITIONS, type HoldMove } from '@shared/lending';
import type { Locale } from '@shared/constants';
import type { HoldInput } from '@shared/schemas/holds';
import { keptCopies } from '@worker/db/kept-copies';
import { NOW_SQL } from '@worker/db/now';
import type { AppEnv } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { randomToken, sha256Hex } from '@worker/lib/tokens';
import { sendHoldOffers } from './hold-emails';
import { copyFree, findHold, holdByOfferHash, holdsByIds, type HoldRow } from './holds.queries';

const isUnique = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed/.test(`${error.message} ${String(error.cause ?? '')}`);

/**
 * Joins the item's queue at its end, the person found by email among the owner's borrowers or created
 * (like a borrow request). Refused while a copy is free (COPY_AVAILABLE: ask instead) and when the
 * address already has an active place (HOLD_EXISTS, by a partial unique index, so even two at once).
 */
export async function joinHold(d1: D1Database, item: { id: number; ownerId: number }, input: HoldInput, locale: Locale): Promise<number> {
  try {
    const [, inserted] = await d1.batch<{ id: number }>([
      d1
        .prepare(
          `INSERT INTO borrowers (owner_id, name, email, locale) VALUES (?, ?, ?, ?) ON CONFLICT (owner_id, email) DO UPDATE SET locale = excluded.locale`,
        )
        .bind(item.ownerId, input.name, input.email, locale),
      d1
        .prepare(
          `INSERT INTO holds (item_id, owner_id, borrower_id, state, position, message, locale)
           SELECT ?1, ?2, b.id, 'waiting', coalesce((SELECT max(position) FROM holds WHERE item_id = ?1), 0) + 1, ?3, ?4
           FROM borrowers b WHERE b.owner_id = ?2 AND b.email = ?5 AND NOT ${copyFree('?1')}
           RETURNING id`,
        )
        .bind(item.id, item.ownerId, input.message ?? null, locale, input.email),
    ]);
    const row = inserted!.results[0];
    if (!row) throw new ApiError('COPY_AVAILABLE');
    return row.id;
  } catch (error) {
    if (isUnique(error)) throw new ApiError('HOLD_EXISTS');
    throw error;
  }
}

/**
 * Swaps a waiting hold with its neighbour above or below, in one statement: both positions are read by
 * materialised CTEs before either changes, and nothing changes when there is no neighbour.
 */
export async function moveHold(d1: D1Database, ownerId: number, id: number, direction: HoldMove): Promise<void> {
  const [compare, order] = direction === 'up' ? ['<', 'DESC'] : ['>', 'ASC'];
  const row = await d1
    .prepare(
      `WITH me AS MATERIALIZED (SELECT id, item_id, position FROM holds WHERE id = ?1 AND owner_id = ?2 AND state = 'waiting'),
       other AS MATERIALIZED (SELECT h.id, h.position FROM holds h, me WHERE h.item_id = me.item_id AND h.state = 'waiting'
         AND h.position ${compare} me.position ORDER BY h.position ${order} LIMIT 1)
       UPDATE holds SET position = CASE WHEN id = (SELECT id FROM me) THEN (SELECT position FROM other) ELSE (SELECT position FROM me) END,
         updated_at = ${NOW_SQL}
       WHERE id IN ((SELECT id FROM me), (SELECT id FROM other)) AND EXISTS (SELECT 1 FROM other)
       RETURNING id`,
    )
    .bind(id, ownerId)
    .all();
  if (row.results.length > 0) return;
  const hold = await findHold(d1, id);
  if (!hold || hold.owner_id !== ownerId) throw new ApiError('NOT_FOUND');
  // Already first (or last): nothing to do. A hold that is not waiting any more cannot move.
  if (hold.state !== 'waiting') throw new ApiError('HOLD_TRANSITION_NOT_ALLOWED');
}

/**
 * Takes a hold out of its queue: by the owner (`by.ownerId`) or by the person leaving it from their page
 * (`by.borrowerId`). Answers its item and whether it had been offered (offered_at stays), so the freed copy goes to the next.
 */
export async function removeHold(
  d1: D1Database,
  id: number,
  by: { ownerId: number } | { borrowerId: number },
): Promise<{ itemId: number; wasOffered: boolean }> {
  const { from, to } = HOLD_TRANSITIONS.remove;
  const [column, value] = 'ownerId' in by ? ['owner_id', by.ownerId] : ['borrower_id', by.borrowerId];
  const row = await d1
    .prepare(
      `UPDATE holds SET state = ?, offer_token_hash = NULL, updated_at = ${NOW_SQL}
       WHERE id = ? AND ${column} = ? AND state IN (SELECT value FROM json_each(?))
       RETURNING item_id, offered_at IS NOT NULL AS offered`,
    )
    .bind(to, id, value, JSON.stringify(from))
    .first<{ item_id: number; offered: number }>();
  if (row) return { itemId: row.item_id, wasOffered: row.offered === 1 };
  const hold = await findHold(d1, id);
  if (!hold || (column === 'owner_id' ? hold.owner_id : hold.borrower_id) !== value) throw new ApiError('NOT_FOUND');
  throw new ApiError('HOLD_TRANSITION_NOT_ALLOWED');
}

/**
 * Holds of these items that a free copy can be offered to: the first waiting people of each, as many as
 * the item has copies neither lent nor kept for an open offer (two copies back at once, or one more
 * copy added, offer two people). An SQL list of hold ids.
 */
const OFFERABLE = `SELECT w.id FROM holds w JOIN json_each(?1) t ON w.item_id = t.value
  WHERE w.state = 'waiting'
    AND (SELECT count(*) FROM holds v WHERE v.item_id = w.item_id AND v.state = 'waiting' AND v.position < w.position)
      < (SELECT quantity FROM items WHERE id = w.item_id) - (SELECT count(*) FROM loans x WHERE x.item_id = w.item_id AND x.state = 'lent')
        - ${keptCopies('w.item_id')}`;

/**
 * Offers each free copy of these items to the next waiting person: the holds are read, each gets its
 * own link token, then one UPDATE offers them while they are still waiting and still within the free
 * copies (its list is decided once, before any row changes, so a run racing this one cannot offer a
 * copy twice). `now` is the clock the deadline starts from (the database's by default, the scheduled
 * run's in the job). Answers the offered holds with their tokens.
 */
export async function offerNext(d1: D1Database, itemIds: number[], now: string | null = null): Promise<{ hold: HoldRow; token: string }[]> {
  const items = JSON.stringify([...new Set(itemIds)]);
  if (items === '[]') return [];
  const { results: candidates } = await d1.prepare(OFFERABLE).bind(items).all<{ id: number }>();
  if (candidates.length === 0) return [];
  const tokens = new Map<number, string>(candidates.map(({ id }) => [id, randomToken()]));
  const pairs = await Promise.all(candidates.map(async ({ id }) => [id, await sha256Hex(tokens.get(id)!)]));
  const { from, to } = HOLD_TRANSITIONS.offer;
  const start = now === null ? `'now'` : '?3';
  const { results } = await d1
    .prepare(
      `UPDATE holds SET state = '${to}',
         offer_token_hash = (SELECT p.value ->> '$[1]' FROM json_each(?2) p WHERE p.value ->> '$[0]' = holds.id),
         offered_at = strftime('%Y-%m-%dT%H:%M:%fZ', ${start}),
         offer_expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', ${start}, '+' || (SELECT c.offer_days FROM items i JOIN collections c ON c.id = i.collection_id WHERE i.id = holds.item_id) || ' days'),
         updated_at = ${NOW_SQL}
       WHERE id IN (SELECT p.value ->> '$[0]' FROM json_each(?2) p) AND id IN (${OFFERABLE}) AND state = '${from[0]}'
       RETURNING id`,
    )
    .bind(items, JSON.stringify(pairs), ...(now === null ? [] : [now]))
    .all<{ id: number }>();
  if (results.length === 0) return [];
  const rows = await holdsByIds(
    d1,
    results.map((r) => r.id),
  );
  return rows.map((hold) => ({ hold, token: tokens.get(hold.id)! }));
}

/**
 * Offers the free copies of these items to the next in line before answering (so a screen read right
 * after shows who was offered), and emails them after the answer; a failed email is logged. What a copy
 * coming back does (a return, a declined or removed offer), and what raising an item's number of copies
 * does (items.routes.ts): the same statements, email and deadline as the hourly run's.
 */
export async function offerFreedCopies(c: Context<AppEnv>, itemIds: number[]): Promise<void> {
  const offers = await offerNext(c.get('d1'), itemIds);
  if (offers.length === 0) return;
  c.executionCtx.waitUntil(
    sendHoldOffers(c.env, c.get('db'), offers).catch((error: unknown) =>
      console.error('hold offer email failed', c.get('requestId'), String(error)),
    ),
  );
}

/**
 * The person offered a copy accepts it by the link: the hold becomes accepted and a borrow request in
 * state accepted is made for them (the owner agreed by keeping the queue; they still record the loan
 * when handing the item over), in one batch whose later statements only act on the hold just accepted.
 * Answers the hold and the new request's status token.
 */
export async function acceptOffer(d1: D1Database, token: string): Promise<{ hold: HoldRow; statusToken: string }> {
  const hash = await sha256Hex(token);
  const statusToken = randomToken();
  const { from, to } = HOLD_TRANSITIONS.accept;
  const [accepted] = await d1.batch<{ id: number }>([
    d1
      .prepare(
        `UPDATE holds SET state = '${to}', answered_at = ${NOW_SQL}, updated_at = ${NOW_SQL}
         WHERE offer_token_hash = ?1 AND state = '${from[0]}' AND offer_expires_at > ${NOW_SQL} RETURNING id`,
      )
      .bind(hash),
    d1
      .prepare(
        `INSERT INTO loans (item_id, owner_id, borrower_id, state, message, asked_at, accepted_at, locale, status_token_hash)
         SELECT item_id, owner_id, borrower_id, 'accepted', message, ${NOW_SQL}, ${NOW_SQL}, locale, ?2
         FROM holds WHERE offer_token_hash = ?1 AND state = 'accepted' AND loan_id IS NULL`,
      )
      .bind(hash, await sha256Hex(statusToken)),
    d1
      .prepare(
        `UPDATE holds SET loan_id = (SELECT id FROM loans WHERE status_token_hash = ?2) WHERE offer_token_hash = ?1 AND state = 'accepted' AND loan_id IS NULL`,
      )
      .bind(hash, await sha256Hex(statusToken)),
  ]);
  const hold = await holdByOfferHash(d1, hash);
  if (accepted!.results.length === 0) throw new ApiError('HOLD_LINK_INVALID');
  return { hold: hold!, statusToken };
}

/** The person offered a copy declines it: the hold is over, and the caller offers the copy to the next. */
export async function declineOffer(d1: D1Database, token: string): Promise<HoldRow> {
  const hash = await sha256Hex(token);
  const { from, to } = HOLD_TRANSITIONS.decline;
  const row = await d1
    .prepare(
      `UPDATE holds SET state = '${to}', answered_at = ${NOW_SQL}, updated_at = ${NOW_SQL} WHERE offer_token_hash = ? AND state = '${from[0]}' RETURNING id`,
    )
    .bind(hash)
    .first<{ id: number }>();
  if (!row) throw new ApiError('HOLD_LINK_INVALID');
  return (await findHold(d1, row.id))!;
}

/** What an offer link opens: unknown tokens are 404, answered or expired offers say so. */
export async function requireOffer(d1: D1Database, token: string): Promise<HoldRow> {
  const hold = await holdByOfferHash(d1, await sha256Hex(token));
  if (!hold) throw new ApiError('HOLD_LINK_INVALID');
  return hold;
}
