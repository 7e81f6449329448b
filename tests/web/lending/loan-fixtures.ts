// A loan as the API answers it, for the lending screens' tests: Bob's loan of a comic, lent on 1 March
// and due three weeks later; and what a requester's private page reads of a request: Bea's, asked of
// Alice for Dune and not answered yet. Each test changes what it is about.
import type { BorrowRequestStatus, Loan } from '@shared/schemas/lending';

export const makeLoan = (overrides: Partial<Loan> = {}): Loan => ({
  id: 11,
  state: 'lent',
  item: { id: 5, collectionId: 2, collectionName: 'Comics', title: 'Blake and Mortimer', cover: null, reference: null },
  borrower: { id: 3, name: 'Bob Durand', email: 'bob@example.com' },
  message: null,
  notes: null,
  response: null,
  wantedFrom: null,
  wantedUntil: null,
  reservedFrom: null,
  reservedTo: null,
  lentOn: '2026-03-01',
  dueOn: '2026-03-22',
  returnedOn: null,
  askedAt: null,
  acceptedAt: null,
  rejectedAt: null,
  lentAt: '2026-03-01T10:00:00.000Z',
  returnedAt: null,
  overdue: false,
  renewal: null,
  renewalDueOn: null,
  overlaps: [],
  version: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const makeBorrowStatus = (overrides: Partial<BorrowRequestStatus> = {}): BorrowRequestStatus => ({
  state: 'asked',
  item: { id: 9, collectionId: 3, title: 'Dune', cover: null },
  ownerName: 'Alice',
  name: 'Bea',
  message: null,
  response: null,
  wantedFrom: null,
  wantedUntil: null,
  reservedFrom: null,
  reservedTo: null,
  lentOn: null,
  dueOn: null,
  returnedOn: null,
  askedAt: '2026-03-14T10:00:00.000Z',
  cancellable: true,
  ...overrides,
});
