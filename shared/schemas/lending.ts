// The lending API's contract: borrowers, loans, borrow requests and the requester's status link.
//
// Endpoints (all under /api/v1; every one answers 404 LOANS_DISABLED while "Enable loans" is off):
//   Borrowers — signed-in users, each sees only their own (another user's id is 404):
//     GET    /borrowers?q=             borrowerList (name or email contains q; current and overdue counts)
//     POST   /borrowers                borrower (201); 409 BORROWER_EMAIL_TAKEN
//     GET    /borrowers/{id}           borrowerDetail (current loans and history, newest first)
//     PATCH  /borrowers/{id}           borrower; `version` guards against stale writes
//     GET    /borrowers/{id}/deletion  borrowerDeletion (what deleting would take with it)
//     DELETE /borrowers/{id}           borrowerDeleted; 409 BORROWER_HOLDS_ITEMS while a loan is lent
//   Loans — the item's owner only (anyone else: 404):
//     GET    /lending                              lendingOverview (overdue first, with the owner's preferences)
//     GET    /collections/{id}/items/{iid}/loans   itemLoans (availability and every loan of the item)
//     POST   /collections/{id}/items/{iid}/loans   loan (201): recorded directly as lent; 409 NO_COPY_AVAILABLE
//     GET    /loans/{id}                           loan (with `overlaps` for a request)
//     PATCH  /loans/{id}                           loan: borrower, dates, notes
//     POST   /loans/{id}/{action}                  loan: accept | reject | lend | return (body: loanActionInput, {} at least);
//                                                   409 LOAN_TRANSITION_NOT_ALLOWED
//     DELETE /loans/{id}                           ok
//   Borrow requests — whoever the item's "who can borrow" allows (403 BORROW_NOT_ALLOWED otherwise):
//     POST   /collections/{id}/items/{iid}/borrow  borrowRequestSent (201); rate limited (429)
//     POST   /borrow-requests/status               borrowRequestStatus, from the private link's token
//     POST   /borrow-requests/cancel               ok: the request is withdrawn (deleted) while asked or accepted
//   Reservations (shared/schemas/reservations.ts): a request with reservedFrom/reservedTo; accepting it
//   is 409 RESERVATION_CONFLICT when a day of it has no copy free.
import { z } from 'zod';
import {
  BORROW_HONEYPOT_FIELD,
  BORROWER_NAME_MAX_LENGTH,
  BORROWER_NOTES_MAX_LENGTH,
  BORROWER_PHONE_MAX_LENGTH,
  DATE_PATTERN,
  RENEWAL_STATES,
  LOAN_ACTIONS,
  LOAN_MESSAGE_MAX_LENGTH,
  LOAN_NOTES_MAX_LENGTH,
  LOAN_RESPONSE_MAX_LENGTH,
  LOAN_STATES,
} from '../lending';
import { lendingPreferences } from './borrower-page';
import { editedVersion, email, optionalEmail, optionalText, version, wholly } from './common';

export const loanState = z.enum(LOAN_STATES);
export const loanAction = z.enum(LOAN_ACTIONS);

/** A real calendar date written YYYY-MM-DD (2025-02-30 is refused). */
export const calendarDate = z
  .string()
  .regex(wholly(DATE_PATTERN))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'invalid_date');
const optionalDate = z
  .union([calendarDate, z.literal('')])
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

// ---------------------------------------------------------------------------------------------------
// Borrowers

export const borrower = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for a borrower recorded without one: no reminder or loan email reaches them. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  /** Loans in state lent. */
  currentLoans: z.number().int(),
  /** Of those, past their due date. */
  overdueLoans: z.number().int(),
  /** Requests waiting (asked or accepted). */
  pendingRequests: z.number().int(),
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Borrower = z.infer<typeof borrower>;

export const borrowerListQuery = z.object({ q: z.string().trim().max(BORROWER_NAME_MAX_LENGTH).optional() });
export const borrowerList = z.object({ borrowers: z.array(borrower) });
export type BorrowerList = z.infer<typeof borrowerList>;

export const createBorrowerInput = z
  .object({
    name: z.string().trim().min(1).max(BORROWER_NAME_MAX_LENGTH),
    /** The owner may record a borrower by name alone (empty or absent: none). */
    email: optionalEmail,
    phone: optionalText(BORROWER_PHONE_MAX_LENGTH),
    notes: optionalText(BORROWER_NOTES_MAX_LENGTH),
  })
  .strict();
export type CreateBorrowerInput = z.input<typeof createBorrowerInput>;

export const updateBorrowerInput = createBorrowerInput.partial().extend({ version: editedVersion }).strict();
export type UpdateBorrowerInput = z.input<typeof updateBorrowerInput>;

export const borrowerDeletion = z.object({
  /** Loans in state lent: while there is one, the borrower cannot be deleted. */
  heldLoans: z.number().int(),
  /** Every other loan and request of the borrower: deleted with them. */
  otherLoans: z.number().int(),
});
export type BorrowerDeletion = z.infer<typeof borrowerDeletion>;
export const borrowerDeleted = z.object({ ok: z.literal(true), deletedLoans: z.number().int() });
export type BorrowerDeleted = z.infer<typeof borrowerDeleted>;

// ---------------------------------------------------------------------------------------------------
// Loans

/** The item a loan is of, as the owner's lists show it. */
export const loanItem = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  collectionName: z.string(),
  title: z.string().nullable(),
  cover: z.string().nullable(),
  reference: z.string().nullable(),
});

export const loan = z.object({
  id: z.number().int(),
  state: loanState,
  item: loanItem,
  borrower: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  message: z.string().nullable(),
  notes: z.string().nullable(),
  response: z.string().nullable(),
  wantedFrom: z.string().nullable(),
  wantedUntil: z.string().nullable(),
  /** A reservation's days (both included): booked once accepted, lent on and due once lent. */
  reservedFrom: z.string().nullable(),
  reservedTo: z.string().nullable(),
  lentOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  returnedOn: z.string().nullable(),
  askedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  lentAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  /** Lent and past its due date (by the server's date). */
  overdue: z.boolean(),
  /** A renewal the borrower asked for from their page (asked, waiting on the owner; then accepted or declined). */
  renewal: z.enum(RENEWAL_STATES).nullable(),
  /** The due date an asked renewal would give. */
  renewalDueOn: z.string().nullable(),
  /**
   * For a request (asked or accepted) with wanted dates: the other accepted requests and lent loans of
   * the same item whose dates overlap them, shown to the owner before accepting. Empty otherwise.
   */
  overlaps: z.array(
    z.object({
      id: z.number().int(),
      state: loanState,
      borrowerName: z.string(),
      from: z.string().nullable(),
      until: z.string().nullable(),
    }),
  ),
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Loan = z.infer<typeof loan>;

/** A borrower's page: their details, current loans first, then the history, newest first. */
export const borrowerDetail = borrower.extend({ loans: z.array(loan) });
export type BorrowerDetail = z.infer<typeof borrowerDetail>;

/** How many copies are out: visitors see the counts, never who holds them. */
export const availability = z.object({
  quantity: z.number().int(),
  /** Copies in loans in state lent. */
  lent: z.number().int(),
  /** quantity − lent, never below 0. */
  available: z.number().int(),
  /** The earliest due date of the lent copies: only for the owner (null for everyone else). */
  nextDueOn: z.string().nullable(),
});
export type Availability = z.infer<typeof availability>;

export const itemLoans = z.object({
  availability,
  /** The collection's loan period: the due date a new loan proposes is lent on + this. */
  loanPeriodDays: z.number().int(),
  /** Every loan and request of the item, newest first. */
  loans: z.array(loan),
});
export type ItemLoans = z.infer<typeof itemLoans>;

export const lendingOverview = z.object({
  /** Lent and past due, the longest overdue first. */
  overdue: z.array(loan),
  /** Requests waiting on the owner (asked, then accepted), oldest first. */
  requests: z.array(loan),
  /** Lent and not overdue, soonest due first. */
  current: z.array(loan),
  /** Collections among these loans that are shared with the caller (as editor or co-owner), not theirs. */
  sharedCollectionIds: z.array(z.number().int()),
  /** The caller's calendar address and digest choice, shown under their loans (one request for the screen). */
  preferences: lendingPreferences,
});
export type LendingOverview = z.infer<typeof lendingOverview>;

/** A new borrower typed in the loan form instead of choosing one. */
const inlineBorrower = createBorrowerInput.pick({ name: true, email: true, phone: true });

/** The owner records a loan directly as lent: an existing borrower, or a new one typed in. */
export const createLoanInput = z
  .object({
    borrowerId: z.number().int().positive().optional(),
    borrower: inlineBorrower.optional(),
    /** Default: today. */
    lentOn: optionalDate,
    /** Default: lent on + the collection's loan period. */
    dueOn: optionalDate,
    notes: optionalText(LOAN_NOTES_MAX_LENGTH),
  })
  .strict();
export type CreateLoanInput = z.input<typeof createLoanInput>;

export const updateLoanInput = z
  .object({
    borrowerId: z.number().int().positive(),
    lentOn: optionalDate,
    dueOn: optionalDate,
    returnedOn: optionalDate,
    wantedFrom: optionalDate,
    wantedUntil: optionalDate,
    notes: optionalText(LOAN_NOTES_MAX_LENGTH),
    version: editedVersion,
  })
  .partial()
  .strict();
export type UpdateLoanInput = z.input<typeof updateLoanInput>;

/** The body of POST /loans/{id}/{action}; each action reads the fields that concern it. */
export const loanActionInput = z
  .object({
    /** reject: the owner's message to the requester. */
    response: optionalText(LOAN_RESPONSE_MAX_LENGTH),
    /** lend: default today. */
    lentOn: optionalDate,
    /** lend: default lent on + the collection's loan period. */
    dueOn: optionalDate,
    /** return: default today. */
    returnedOn: optionalDate,
    version: editedVersion,
  })
  .strict();
export type LoanActionInput = z.input<typeof loanActionInput>;

// ---------------------------------------------------------------------------------------------------
// Borrow requests

export const borrowRequestInput = z
  .object({
    name: z.string().trim().min(1).max(BORROWER_NAME_MAX_LENGTH),
    email,
    message: optionalText(LOAN_MESSAGE_MAX_LENGTH),
    wantedFrom: optionalDate,
    wantedUntil: optionalDate,
    /** A reservation: both or neither (shared/lending.ts RESERVATION_AHEAD_DAYS_MAX and the loan period bound them). */
    reservedFrom: optionalDate,
    reservedTo: optionalDate,
    /** The honeypot: must stay empty (a filled one is answered like a success, and nothing is stored). */
    [BORROW_HONEYPOT_FIELD]: z.string().max(500).optional(),
  })
  .strict();
export type BorrowRequestInput = z.input<typeof borrowRequestInput>;

/** The same answer whether or not the email was known: nothing about the owner's borrowers leaks. */
export const borrowRequestSent = z.object({ ok: z.literal(true) });
export type BorrowRequestSent = z.infer<typeof borrowRequestSent>;

export const borrowRequestToken = z.object({ token: z.string().min(1).max(200) }).strict();

/** What the requester's private link shows: their own request only, never the owner's notes. */
export const borrowRequestStatus = loan
  .pick({
    state: true,
    message: true,
    response: true,
    wantedFrom: true,
    wantedUntil: true,
    reservedFrom: true,
    reservedTo: true,
    lentOn: true,
    dueOn: true,
    returnedOn: true,
    askedAt: true,
  })
  .extend({
    item: loan.shape.item.pick({ id: true, collectionId: true, title: true, cover: true }),
    ownerName: z.string(),
    /** The requester's name, as they typed it. */
    name: z.string(),
    /** Whether the requester may still withdraw it (asked or accepted). */
    cancellable: z.boolean(),
  });
export type BorrowRequestStatus = z.infer<typeof borrowRequestStatus>;
