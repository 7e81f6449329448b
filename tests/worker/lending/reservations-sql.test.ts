// The SQL that decides whether a loan or a reservation still finds a copy (features/lending/
// reservations.service.ts and the statements of loans.service.ts built on it), written to a reviewed
// snapshot file per statement with its bound values in order: a change to it shows in review as the
// statement it makes. Each statement is also prepared by D1 (EXPLAIN), so its `?` and its values agree.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { LoanAction } from '@shared/lending';
import type { LoanActionInput } from '@shared/schemas/lending';
import { prepare, raw, sql, type SqlFragment } from '@worker/db/sql-fragment';
import { directLoanInsert, transitionUpdate } from '@worker/features/lending/loans.service';
import { lendRefusalQuery, RESERVATION_FITS, spanFits } from '@worker/features/lending/reservations.service';

const OWNER = 7;
const ITEM = 11;
const LOAN = 13;

/** The statement's text, one space between words, then its values one a line. */
function shown(fragment: SqlFragment): string {
  const binds = fragment.binds.map((value, index) => `-- ?${index + 1} = ${JSON.stringify(value)}`);
  return `${fragment.text.replace(/\s+/g, ' ').trim()}\n${binds.join('\n')}\n`;
}

/** D1 compiles the statement with its values bound: as many `?` as values, and valid SQL. */
async function compiles(fragment: SqlFragment) {
  await prepare(env.DB, sql`EXPLAIN ${fragment}`).all();
}

const snapshot = (name: string) => `./__snapshots__/reservations-sql/${name}.sql`;

async function expectStatement(fragment: SqlFragment, name: string) {
  expect(fragment.text.split('?').length - 1).toBe(fragment.binds.length);
  await compiles(fragment);
  await expect(shown(fragment)).toMatchFileSnapshot(snapshot(name));
}

describe('the SQL of reservations and lending', () => {
  it('keeps a reservation fitting in an accept', async () => {
    expect(RESERVATION_FITS.binds).toEqual([]);
    await expectStatement(transitionUpdate(OWNER, LOAN, 'accept', { version: 3 }), 'accept');
  });

  it.each<[string, LoanAction, LoanActionInput]>([
    ['lend-reservation', 'lend', {}],
    ['lend-named-days', 'lend', { lentOn: '2031-05-01', dueOn: '2031-05-20', version: 2 }],
    ['reject', 'reject', { response: 'Not this month' }],
    ['return', 'return', { returnedOn: '2031-06-01' }],
  ])('moves a loan on: %s', async (name, action, input) => {
    await expectStatement(transitionUpdate(OWNER, LOAN, action, input), name);
  });

  it('lends directly to a borrower named by id, or typed in with an email', async () => {
    await expectStatement(directLoanInsert(OWNER, ITEM, { borrowerId: 5, lentOn: '2031-05-01', dueOn: null }), 'lend-direct-borrower');
    await expectStatement(
      directLoanInsert(OWNER, ITEM, { borrower: { name: 'Bea', email: 'bea@example.test' }, notes: 'Handle with care' }),
      'lend-direct-typed-in',
    );
  });

  it('names why a loan was refused', async () => {
    await expectStatement(lendRefusalQuery(ITEM, '2031-05-01', null, null), 'lend-refusal-open');
    await expectStatement(lendRefusalQuery(ITEM, '2031-05-01', '2031-05-20', LOAN), 'lend-refusal-span');
  });

  it('repeats each part of a span with its own values wherever it is used', () => {
    const fits = spanFits({ item: sql`${ITEM}`, from: sql`${'2031-05-01'}`, to: raw('NULL') });
    expect(fits.binds).toEqual(['2031-05-01', ITEM, ITEM, ITEM]);
    expect(fits.text).toContain('y.id IS NOT NULL');
  });
});
