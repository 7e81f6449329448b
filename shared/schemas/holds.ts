// The waiting lists' contract (docs/product.md "Loans": holds). A hold is a place in an item's queue,
// joined when no copy is left; when a copy comes back the next in line is offered it by email.
//
// Endpoints (all under /api/v1; 404 LOANS_DISABLED while "Enable loans" is off):
//   Visitors — whoever the item's "who can borrow" allows (403 BORROW_NOT_ALLOWED otherwise):
//     POST /collections/{id}/items/{iid}/holds   holdInput → ok (201); 409 COPY_AVAILABLE, 409 HOLD_EXISTS; rate limited
//     POST /holds/offer                          holdOfferToken → holdOffer (what the offer link shows)
//     POST /holds/offer/{answer}                 holdOfferToken → holdOffer: accept | decline; 404 HOLD_LINK_INVALID
//   Owner (and editors of a shared collection):
//     GET  /collections/{id}/items/{iid}/holds   itemHolds (the queue, the offered first)
//     GET  /lending/holds                        ownerHolds (every queue of the caller's items)
//     POST /holds/{id}/move/{direction}          itemHolds: up | down; 409 HOLD_TRANSITION_NOT_ALLOWED
//     DELETE /holds/{id}                         itemHolds: removed; an offered copy goes to the next
//   Borrower page (its secret):
//     GET  /borrower-page/{secret}/holds         borrowerHolds (their places, with position numbers)
//     POST /borrower-page/{secret}/holds/{id}/leave  ok
import { z } from 'zod';
import { BORROW_HONEYPOT_FIELD, BORROWER_NAME_MAX_LENGTH, HOLD_STATES, LOAN_MESSAGE_MAX_LENGTH } from '../lending';
import { email, optionalText } from './common';

export const holdState = z.enum(HOLD_STATES);

/** The same form as a borrow request without dates: an email is required, the offer comes by email. */
export const holdInput = z
  .object({
    name: z.string().trim().min(1).max(BORROWER_NAME_MAX_LENGTH),
    email,
    message: optionalText(LOAN_MESSAGE_MAX_LENGTH),
    /** The honeypot: must stay empty (a filled one is answered like a success, and nothing is stored). */
    [BORROW_HONEYPOT_FIELD]: z.string().max(500).optional(),
  })
  .strict();
export type HoldInput = z.input<typeof holdInput>;

/** A place in a queue as the owner sees it. */
export const hold = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  collectionId: z.number().int(),
  title: z.string(),
  state: holdState,
  /** 1 for the next in line (an offered hold comes first). */
  place: z.number().int(),
  borrower: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  message: z.string().nullable(),
  createdAt: z.string(),
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
});
export type Hold = z.infer<typeof hold>;

export const itemHolds = z.object({ holds: z.array(hold) });
export type ItemHolds = z.infer<typeof itemHolds>;
export const ownerHolds = itemHolds;

export const holdMove = z.enum(['up', 'down']);
export const holdAnswer = z.enum(['accept', 'decline']);

export const holdOfferToken = z.object({ token: z.string().min(1).max(200) }).strict();

/** What the offer link shows: the item's public title, the deadline and what became of the offer. */
export const holdOffer = z.object({
  title: z.string(),
  ownerName: z.string(),
  state: holdState,
  offerExpiresAt: z.string().nullable(),
});
export type HoldOffer = z.infer<typeof holdOffer>;

/** A borrower's places, on their own page. */
export const borrowerHolds = z.object({
  holds: z.array(
    z.object({ id: z.number().int(), title: z.string(), state: holdState, place: z.number().int(), offerExpiresAt: z.string().nullable() }),
  ),
});
export type BorrowerHolds = z.infer<typeof borrowerHolds>;
