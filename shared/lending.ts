// Lending constants shared by the Worker and the SPA (zod-free, so the SPA's bundle stays small).
// The rules are docs/product.md's "Loans" and "Who can borrow".

/**
 * A loan's life: asked → accepted | rejected; accepted → lent | rejected; lent → returned. A dated
 * request (a reservation, RESERVATION_* below) goes through the same states: accepting it books its
 * days, and lending it takes its dates as lent on and due.
 */
export const LOAN_STATES = ['asked', 'rejected', 'accepted', 'lent', 'returned'] as const;
export type LoanState = (typeof LOAN_STATES)[number];

/** What the owner can do to a loan, each the one way into its target state. */
export const LOAN_ACTIONS = ['accept', 'reject', 'lend', 'return'] as const;
export type LoanAction = (typeof LOAN_ACTIONS)[number];

/** For each action: the states it may start from and the state it leads to. Anything else is 409. */
export const LOAN_TRANSITIONS: Record<LoanAction, { from: readonly LoanState[]; to: LoanState }> = {
  accept: { from: ['asked'], to: 'accepted' },
  reject: { from: ['asked', 'accepted'], to: 'rejected' },
  lend: { from: ['accepted'], to: 'lent' },
  return: { from: ['lent'], to: 'returned' },
};

export function canTransition(state: LoanState, action: LoanAction): boolean {
  return LOAN_TRANSITIONS[action].from.includes(state);
}

/** Requests still waiting on the owner (the overview's "requests"); a requester may cancel these. */
export const PENDING_LOAN_STATES: readonly LoanState[] = ['asked', 'accepted'];
/** Loans that are over: kept as history. */
export const PAST_LOAN_STATES: readonly LoanState[] = ['rejected', 'returned'];

/** "Who can borrow" levels at which someone other than the owner may ask (0 anyone, 1 signed in). */
export const REQUESTABLE_BORROW_LEVELS = [0, 1] as const;
/** At 4 "Nobody" an item is not lent at all, not even recorded by its owner. */
export const NOT_LENDABLE_BORROW_LEVEL = 4;

export const BORROWER_NAME_MAX_LENGTH = 100;
export const BORROWER_PHONE_MAX_LENGTH = 40;
export const BORROWER_NOTES_MAX_LENGTH = 2000;
export const LOAN_NOTES_MAX_LENGTH = 2000;
export const LOAN_MESSAGE_MAX_LENGTH = 1000;
export const LOAN_RESPONSE_MAX_LENGTH = 1000;

export const LOAN_PERIOD_DAYS_DEFAULT = 21;
export const LOAN_PERIOD_DAYS_MAX = 365;
export const REMINDER_DAYS_DEFAULT = 2;
export const REMINDER_DAYS_MAX = 30;
/** Overdue notices: the day after the due date, then weekly, at most this many in all. */
export const OVERDUE_NOTICES_MAX = 3;
export const OVERDUE_NOTICE_INTERVAL_DAYS = 7;

/** A calendar date, as loans store them. */
export const DATE_PATTERN = '\\d{4}-\\d{2}-\\d{2}';

/** The honeypot field of the borrow form: people leave it empty, form-filling robots do not. */
export const BORROW_HONEYPOT_FIELD = 'website';

/**
 * A renewal the borrower asks for from their page, on a lent loan: asked → accepted (the due date moves
 * by the collection's loan period) | declined. After accepted they may ask again; after declined, not.
 */
export const RENEWAL_STATES = ['asked', 'accepted', 'declined'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];
export const RENEWAL_ANSWERS = ['accept', 'decline'] as const;
export type RenewalAnswer = (typeof RENEWAL_ANSWERS)[number];

/** A borrower's page link works this long after the last loan email that carried it. */
export const BORROWER_LINK_DAYS = 90;

/** How often an owner gets the digest of loans due soon, overdue and pending requests. */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** "Due soon" in the digest: within this many days. */
export const DIGEST_DUE_SOON_DAYS = 7;

/**
 * Reservations: a borrow request may name the days it wants (from and to, both included; both or
 * neither). From is today or later (the instance's date, UTC) and at most RESERVATION_AHEAD_DAYS_MAX
 * ahead; to − from is at most the collection's loan period. The owner accepts it only while, on every one
 * of those days, fewer than the item's quantity of copies are taken: by lent loans (lent on → due, or
 * today while overdue) and by accepted reservations (their days). Decided by the accepting statement,
 * so of two overlapping reservations for the last copy one is accepted, the other is 409.
 */
export const RESERVATION_AHEAD_DAYS_MAX = 365;
/** The availability calendar: months asked at once, and how far from this month it looks. */
export const AVAILABILITY_MONTHS_MAX = 3;
export const AVAILABILITY_MONTHS_AROUND = 13;
/** A month as the availability calendar names it. */
export const MONTH_PATTERN = '\\d{4}-\\d{2}';

/**
 * A place in an item's waiting list (a hold), joined when no copy is left: waiting → offered (a copy came
 * back and the next in line is emailed, with `offer_days` to answer) → accepted (it becomes an accepted
 * borrow request) | declined | expired (the next is offered). A waiting or offered hold may also be
 * removed, by the owner or by the person leaving the queue. Every change is one conditional UPDATE.
 */
export const HOLD_STATES = ['waiting', 'offered', 'accepted', 'declined', 'expired', 'removed'] as const;
export type HoldState = (typeof HOLD_STATES)[number];
export const HOLD_ACTIONS = ['offer', 'accept', 'decline', 'expire', 'remove'] as const;
export type HoldAction = (typeof HOLD_ACTIONS)[number];
export const HOLD_TRANSITIONS: Record<HoldAction, { from: readonly HoldState[]; to: HoldState }> = {
  offer: { from: ['waiting'], to: 'offered' },
  accept: { from: ['offered'], to: 'accepted' },
  decline: { from: ['offered'], to: 'declined' },
  expire: { from: ['offered'], to: 'expired' },
  remove: { from: ['waiting', 'offered'], to: 'removed' },
};
/** Holds still in the queue (they keep a place, or a copy for the person offered). */
export const ACTIVE_HOLD_STATES: readonly HoldState[] = ['waiting', 'offered'];
/** The owner moves a waiting hold one place up or down. */
export const HOLD_MOVES = ['up', 'down'] as const;
export type HoldMove = (typeof HOLD_MOVES)[number];

/** Days the person offered a copy has to answer (the collection's setting). */
export const OFFER_DAYS_DEFAULT = 3;
export const OFFER_DAYS_MAX = 30;
