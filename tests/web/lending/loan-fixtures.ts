// A loan as the API answers it, for the lending screens' tests: Bob's loan of a comic, lent on 1 March
// and due three weeks later; each test changes what it is about.
import type { Loan } from '@shared/schemas/lending';

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
