// The loans a collection program kept (shared/import/loans.ts) become the owner's borrowers and loans,
// written by the import step that writes their items, after them in the same D1 batch. A borrower is
// found among the owner's by email when the file gives one, else by name (case aside), or made. A loan
// still out is recorded as lent while a copy is left, otherwise the report says it was not recorded and
// why; a past one as returned. A loan already recorded (the same borrower, item and dates) is passed
// over, so running the same file again adds nothing. While lending is off the loans stay text fields.
import { borrowerKey, type ProgramLoan } from '@shared/import/loans';
import { NOW_SQL } from '@worker/db/now';

/** The records of a step that bring loans: their item's reference, copies, and what the report names them by. */
export interface LoanDraft {
  ref: string;
  row: number;
  title: string | null;
  /** The copies a new item gets (an item already there says its own). */
  quantity: number;
  loans: ProgramLoan[];
}

/** A loan of the file the step did not record, for the report. */
export interface LoanProblem {
  row: number;
  outcome: 'kept';
  reason: 'loan_no_copy' | 'loans_disabled';
  property: null;
  text: string;
  title: string | null;
}

interface KnownItem {
  ref: string;
  quantity: number;
  lent: number;
  /** Its loans: borrower name and email, state, dates. */
  loans: string;
}

interface KnownLoan {
  key: string;
  state: string;
  lentOn: string | null;
  returnedOn: string | null;
}

/** The loans already recorded that a loan of the file is (the same borrower, and the same dates it gives). */
function isRecorded(loan: ProgramLoan, known: readonly KnownLoan[]): boolean {
  const key = borrowerKey(loan);
  if (loan.returned)
    return known.some((k) => k.key === key && k.state === 'returned' && k.lentOn === loan.lentOn && k.returnedOn === loan.returnedOn);
  // Out in the file: recorded when lent then (or, undated, while lent), even if it came back since.
  return known.some((k) => k.key === key && (loan.lentOn ? k.lentOn === loan.lentOn : k.state === 'lent'));
}

/** The items these references name, with their copies lent and their loans, in one query. */
async function knownItems(d1: D1Database, collectionId: number, refs: string[]): Promise<Map<string, KnownItem>> {
  const { results } = await d1
    .prepare(
      `SELECT i.import_ref AS ref, i.quantity, i.lent_copies AS lent,
         (SELECT json_group_array(json_array(b.name, b.email, l.state, l.lent_on, l.returned_on))
          FROM loans l JOIN borrowers b ON b.id = l.borrower_id WHERE l.item_id = i.id) AS loans
       FROM items i WHERE i.collection_id = ?1 AND i.import_ref IN (SELECT value FROM json_each(?2))`,
    )
    .bind(collectionId, JSON.stringify(refs))
    .all<KnownItem>();
  return new Map(results.map((r) => [r.ref, r]));
}

const knownLoans = (item: KnownItem | undefined): KnownLoan[] =>
  item
    ? (JSON.parse(item.loans) as [string, string | null, string, string | null, string | null][]).map(
        ([name, email, state, lentOn, returnedOn]) => ({
          key: borrowerKey({ borrower: name, email }),
          state,
          lentOn,
          returnedOn,
        }),
      )
    : [];

/** While lending is off: each record's loans are named in the report, kept only as the file's fields. */
export function loansDisabled(drafts: readonly LoanDraft[]): LoanProblem[] {
  return drafts.map((d) => ({
    row: d.row,
    outcome: 'kept',
    reason: 'loans_disabled',
    property: null,
    text: d.loans.map((l) => l.borrower).join(', '),
    title: d.title,
  }));
}

/**
 * The statements that record the drafts' loans (to run after the statements writing their items), and
 * the loans refused. One read first: the items already there, with their copies lent and their loans.
 */
export async function loanWrites(d1: D1Database, collectionId: number, drafts: readonly LoanDraft[]) {
  const problems: LoanProblem[] = [];
  if (drafts.length === 0) return { statements: [], problems, recorded: 0 };
  const items = await knownItems(
    d1,
    collectionId,
    drafts.map((d) => d.ref),
  );
  const borrowers = new Map<string, ProgramLoan>();
  const rows: unknown[][] = [];
  for (const draft of drafts) {
    const item = items.get(draft.ref);
    const known = knownLoans(item);
    let available = (item?.quantity ?? draft.quantity) - (item?.lent ?? 0);
    for (const loan of draft.loans) {
      if (isRecorded(loan, known)) continue;
      if (!loan.returned && available <= 0) {
        problems.push({ row: draft.row, outcome: 'kept', reason: 'loan_no_copy', property: null, text: loan.borrower, title: draft.title });
        continue;
      }
      if (!loan.returned) available -= 1;
      const key = borrowerKey(loan);
      if (!borrowers.has(key)) borrowers.set(key, loan);
      known.push({ key, state: loan.returned ? 'returned' : 'lent', lentOn: loan.lentOn, returnedOn: loan.returnedOn });
      rows.push([
        draft.ref,
        loan.borrower,
        loan.email,
        loan.returned ? 'returned' : 'lent',
        loan.lentOn,
        loan.dueOn,
        loan.returnedOn,
        loan.note,
      ]);
    }
  }
  if (rows.length === 0) return { statements: [], problems, recorded: 0 };
  const owner = `(SELECT owner_id FROM collections WHERE id = ?1)`;
  // Found by email when the file gives one, else by name: the owner's oldest such borrower.
  const sameBorrower = (name: string, email: string) =>
    `b.owner_id = ${owner} AND CASE WHEN ${email} IS NOT NULL THEN b.email = ${email} ELSE lower(b.name) = lower(${name}) END`;
  const newBorrowers = [...borrowers.values()].map((l) => [l.borrower, l.email]);
  const statements = [
    d1
      .prepare(
        `INSERT INTO borrowers (owner_id, name, email)
         SELECT ${owner}, j.value ->> 0, j.value ->> 1 FROM json_each(?2) j
         WHERE NOT EXISTS (SELECT 1 FROM borrowers b WHERE ${sameBorrower('j.value ->> 0', 'j.value ->> 1')})
         ON CONFLICT DO NOTHING`,
      )
      .bind(collectionId, JSON.stringify(newBorrowers)),
    // A loan still out is lent from the day the file says (else today) until its due date (else the
    // collection's loan period after), and only while a copy is left, as the lending API decides.
    d1
      .prepare(
        `INSERT INTO loans (item_id, owner_id, borrower_id, state, lent_on, due_on, returned_on, notes, lent_at, returned_at)
         SELECT i.id, c.owner_id, (SELECT min(b.id) FROM borrowers b WHERE ${sameBorrower('j.value ->> 1', 'j.value ->> 2')}), j.value ->> 3,
           CASE WHEN j.value ->> 3 = 'lent' THEN coalesce(j.value ->> 4, date('now')) ELSE j.value ->> 4 END,
           CASE WHEN j.value ->> 3 = 'lent'
             THEN coalesce(j.value ->> 5, date(coalesce(j.value ->> 4, date('now')), '+' || c.loan_period_days || ' days'))
             ELSE j.value ->> 5 END,
           j.value ->> 6, j.value ->> 7, ${NOW_SQL}, CASE WHEN j.value ->> 3 = 'returned' THEN ${NOW_SQL} END
         FROM json_each(?2) j
         CROSS JOIN items i ON i.collection_id = ?1 AND i.import_ref = j.value ->> 0
         JOIN collections c ON c.id = i.collection_id
         WHERE j.value ->> 3 = 'returned' OR i.quantity > i.lent_copies
         ORDER BY j.key`,
      )
      .bind(collectionId, JSON.stringify(rows)),
  ];
  return { statements, problems, recorded: rows.length };
}
