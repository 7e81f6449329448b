// The borrower's own page and the calendar feeds (no account: a secret in the address opens them).
//
// Endpoints (all under /api/v1; 404 LOANS_DISABLED while "Enable loans" is off; rate limited, 429):
//   POST /borrower-page/link                 borrowerLinkRequest → ok (202), the same whether or not the address has loans
//   GET  /borrower-page/{secret}             borrowerPage; 404 BORROWER_LINK_INVALID (unknown, reset or expired)
//   POST /borrower-page/{secret}/reset       borrowerPageSecret: a new secret, the old one stops working
//   POST /borrower-page/{secret}/feed        borrowerFeedAddress (body {reset: boolean}): subscribe or reset
//   POST /borrower-page/{secret}/loans/{id}/renew  ok: a renewal asked; 409 LOAN_TRANSITION_NOT_ALLOWED
//   GET  /calendar/{secret}.ics              text/calendar: a borrower's or an owner's due dates
//   Owner (signed in):
//   (the owner's lendingPreferences come with GET /lending: shared/schemas/lending.ts)
//   PATCH /lending/preferences               lendingPreferencesInput → lendingPreferences
//   POST /lending/feed                       ownerFeedAddress: a new feed address (made or reset)
//   POST /loans/{id}/renewal/{answer}        loan: accept | decline a pending renewal
import { z } from 'zod';
import { DATE_PATTERN, DIGEST_FREQUENCIES, LOAN_STATES, RENEWAL_STATES } from '../lending';
import { email } from './common';

const date = z.string().regex(new RegExp(`^${DATE_PATTERN}$`));

export const borrowerLinkRequest = z.object({ email }).strict();

const pageLoan = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  state: z.enum(LOAN_STATES),
  askedAt: z.string().nullable(),
  lentOn: date.nullable(),
  dueOn: date.nullable(),
  returnedOn: date.nullable(),
  overdue: z.boolean(),
  renewal: z.enum(RENEWAL_STATES).nullable(),
  renewalDueOn: date.nullable(),
});
export type BorrowerPageLoan = z.infer<typeof pageLoan>;

export const borrowerPage = z.object({
  name: z.string(),
  ownerName: z.string(),
  /** Lent to them now, soonest due first. */
  current: z.array(pageLoan),
  /** Requests waiting on the owner (asked, accepted). */
  requests: z.array(pageLoan),
  /** Returned and declined, newest first. */
  history: z.array(pageLoan),
  /** Their calendar address, once they subscribed. */
  feedUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type BorrowerPage = z.infer<typeof borrowerPage>;

export const borrowerPageSecret = z.object({ secret: z.string() });
export const feedAddressInput = z.object({ reset: z.boolean().default(false) }).strict();
export const feedAddress = z.object({ url: z.string() });

export const lendingPreferences = z.object({ feedUrl: z.string().nullable(), digest: z.enum(DIGEST_FREQUENCIES) });
export type LendingPreferences = z.infer<typeof lendingPreferences>;
export const lendingPreferencesInput = z.object({ digest: z.enum(DIGEST_FREQUENCIES) }).strict();
