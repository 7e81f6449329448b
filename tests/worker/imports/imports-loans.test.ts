// A program's loans come into lending: Tellico's <borrowers> after its entries, GCstar's borrower and
// borrowings history, Alexandria's loaned_to. Borrowers are found again by email or by name; a loan of
// an item with no copy left is not recorded and the report says why; running the same file again adds
// nothing; while lending is off the loans stay the file's fields and the report says so.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { detectFormat, readHead } from '@shared/import/formats';
import { sniffCsv } from '@shared/import/csv';
import type { BorrowerDetail, BorrowerList } from '@shared/schemas/lending';
import type { ImportReport } from '@shared/schemas/imports';
import { loanWrites } from '@worker/features/imports/import-loans';
import { itemsOf, planFor, runImport } from '../../support/worker-imports';
import { call, createUser } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';
import { addBorrower, lend, lendableItem, setLoansEnabled } from '../../support/worker-lending';
import gcstarMusic from '../../fixtures/imports/gcstar/music.gcs?raw';
import hallowedHunt from '../../fixtures/imports/alexandria/0060574623.yaml?raw';
import clzBooks from '../../fixtures/imports/clz/books.xml?raw';

const TIMEOUT = 60_000;

afterEach(() => setLoansEnabled(true));

/** Tellico books: Dune lent to Ann and to Bob (one copy: one loan is refused), Emma lent to Bob. */
const TELLICO = `<?xml version="1.0" encoding="UTF-8"?>
<tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11">
 <collection title="My Books" type="2">
  <fields>
   <field flags="8" title="Title" category="General" format="1" type="1" name="title"/>
  </fields>
  <entry id="1"><title>Dune</title></entry>
  <entry id="2"><title>Emma</title></entry>
  <entry id="3"><title>Ulysses</title></entry>
  <borrowers>
   <borrower name="Ann Reader" uid="kabc-1">
    <loan uid="l-1" entryRef="1" loanDate="2041-02-01" dueDate="2041-03-01">Careful with the cover</loan>
   </borrower>
   <borrower name="Bob Builder" uid="kabc-2">
    <loan uid="l-2" entryRef="1" loanDate="2041-02-10"/>
    <loan uid="l-3" entryRef="2" loanDate="2041-02-05" dueDate="2041-02-20"/>
   </borrower>
  </borrowers>
 </collection>
</tellico>`;

const planOf = (text: string) => {
  const format = detectFormat(text);
  return planFor(format, readHead(format, text, sniffCsv(text)).fields);
};
const again = (plan: ReturnType<typeof planOf>) => ({ ...plan, fields: plan.fields.map((f) => ({ ...f, create: null })) });

async function borrowersOf(token: string) {
  const list = ((await (await call('/api/v1/borrowers', { token })).json()) as BorrowerList).borrowers;
  return Promise.all(list.map(async (b) => (await (await call(`/api/v1/borrowers/${b.id}`, { token })).json()) as BorrowerDetail));
}

const loansOf = (borrower: BorrowerDetail) =>
  borrower.loans.map((l) => ({
    title: l.item.title,
    state: l.state,
    lentOn: l.lentOn,
    dueOn: l.dueOn,
    returnedOn: l.returnedOn,
    notes: l.notes,
  }));

const loanProblems = (report: ImportReport) => report.problems.filter((p) => p.reason.startsWith('loan'));

describe('imported loans', () => {
  it(
    'Tellico: borrowers and loans from <borrowers>, a second loan of a single copy refused, and nothing added by a second run',
    async () => {
      const owner = await createUser();
      // An existing borrower is found again by name, whatever its case.
      const ann = await addBorrower(owner.token, { name: 'ann reader', email: undefined });
      const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
      const plan = planOf(TELLICO);
      const report = await runImport(owner.token, c.id, TELLICO, 'books.xml', plan);
      expect(report).toMatchObject({ status: 'done', counts: { added: 3 } });
      expect(loanProblems(report)).toEqual([
        { row: 1, outcome: 'kept', reason: 'loan_no_copy', property: null, text: 'Bob Builder', title: 'Dune' },
      ]);
      const borrowers = await borrowersOf(owner.token);
      expect(borrowers.map((b) => [b.id === ann.id, b.name, b.email])).toEqual([
        [true, 'ann reader', null],
        [false, 'Bob Builder', null],
      ]);
      expect(loansOf(borrowers[0]!)).toEqual([
        { title: 'Dune', state: 'lent', lentOn: '2041-02-01', dueOn: '2041-03-01', returnedOn: null, notes: 'Careful with the cover' },
      ]);
      expect(loansOf(borrowers[1]!)).toEqual([
        { title: 'Emma', state: 'lent', lentOn: '2041-02-05', dueOn: '2041-02-20', returnedOn: null, notes: null },
      ]);

      const second = await runImport(owner.token, c.id, TELLICO, 'books.xml', again(plan));
      expect(second.counts).toMatchObject({ added: 0, unchanged: 3 });
      const after = await borrowersOf(owner.token);
      expect(after.map((b) => b.id)).toEqual(borrowers.map((b) => b.id));
      expect(after.flatMap((b) => b.loans.map((l) => l.id))).toEqual(borrowers.flatMap((b) => b.loans.map((l) => l.id)));
    },
    TIMEOUT,
  );

  it(
    'GCstar: the current borrower is lent to, the borrowings history becomes returned loans',
    async () => {
      const owner = await createUser();
      // A collection without a template: its items have no title property, so loans name none.
      const c = await createCollection(owner.token, { name: 'Music' });
      const file = gcstarMusic.replace('borrower="none"\n  lendDate=""', 'borrower="Paul"\n  lendDate="01/03/2041"');
      expect(file).not.toBe(gcstarMusic);
      const report = await runImport(owner.token, c.id, file, 'music.gcs', planOf(file));
      expect(report).toMatchObject({ status: 'done' });
      expect(loanProblems(report)).toEqual([]);
      const byName = new Map((await borrowersOf(owner.token)).map((b) => [b.name, b]));
      expect(loansOf(byName.get('Paul')!)).toEqual([
        // No due date in GCstar: the collection's loan period after the day lent.
        { title: null, state: 'lent', lentOn: '2041-03-01', dueOn: '2041-03-22', returnedOn: null, notes: null },
      ]);
      expect(loansOf(byName.get('Marie')!)).toEqual([
        { title: null, state: 'returned', lentOn: '2021-02-03', dueOn: null, returnedOn: '2021-03-10', notes: null },
      ]);
    },
    TIMEOUT,
  );

  it(
    'Alexandria: a book out on loan is lent to whom it names, since when',
    async () => {
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Library', type: 'books' });
      const report = await runImport(owner.token, c.id, hallowedHunt, 'book.yaml', planOf(hallowedHunt));
      expect(report).toMatchObject({ status: 'done', counts: { added: 1 } });
      const [marie] = await borrowersOf(owner.token);
      expect(marie).toMatchObject({ name: 'Marie Curie', email: null, currentLoans: 1 });
      expect(marie!.loans[0]).toMatchObject({ state: 'lent', lentOn: '2009-01-11' });
    },
    TIMEOUT,
  );

  it(
    'Collectorz: the <loan> of a book, to whom, since when, until when',
    async () => {
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Library', type: 'books' });
      const report = await runImport(owner.token, c.id, clzBooks, 'books.xml', planOf(clzBooks));
      expect(report).toMatchObject({ status: 'done', counts: { added: 2 } });
      const [ann] = await borrowersOf(owner.token);
      expect(ann).toMatchObject({ name: 'Ann Smith', email: null });
      expect(loansOf(ann!)).toEqual([
        { title: 'The Colour of Magic', state: 'lent', lentOn: '2024-02-01', dueOn: '2024-03-01', returnedOn: null, notes: null },
      ]);
    },
    TIMEOUT,
  );

  it(
    'keeps the loans as the file’s fields while lending is off, and the report says so',
    async () => {
      const owner = await createUser();
      const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
      await setLoansEnabled(false);
      const report = await runImport(owner.token, c.id, TELLICO, 'books.xml', planOf(TELLICO));
      expect(report).toMatchObject({ status: 'done', counts: { added: 3 } });
      expect(loanProblems(report)).toEqual([
        { row: 1, outcome: 'kept', reason: 'loans_disabled', property: null, text: 'Ann Reader, Bob Builder', title: 'Dune' },
        { row: 2, outcome: 'kept', reason: 'loans_disabled', property: null, text: 'Bob Builder', title: 'Emma' },
      ]);
      const count = await env.DB.prepare(
        'SELECT count(*) AS n FROM borrowers WHERE owner_id = (SELECT owner_id FROM collections WHERE id = ?)',
      )
        .bind(c.id)
        .first('n');
      expect(count).toBe(0);
      expect((await itemsOf(owner.token, c.id)).map((i) => i.values.title)).toEqual(['Dune', 'Emma', 'Ulysses']);
    },
    TIMEOUT,
  );

  it(
    'finds a borrower again by the email the file gives, and makes one for a new address',
    async () => {
      const owner = await createUser();
      const known = await addBorrower(owner.token, { name: 'Cleo M.', email: 'cleo@example.test' });
      const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
      await runImport(owner.token, c.id, TELLICO, 'books.xml', planOf(TELLICO));
      const loan = (borrower: string, email: string | null) => ({
        borrower,
        email,
        lentOn: '2041-05-01',
        dueOn: null,
        returnedOn: null,
        note: null,
        returned: false,
      });
      const { statements } = await loanWrites(env.DB, c.id, [
        { ref: 'tellico:3', row: 3, title: 'Ulysses', quantity: 1, loans: [loan('Cleo Martin', 'cleo@example.test')] },
        {
          ref: 'tellico:2',
          row: 2,
          title: 'Emma',
          quantity: 1,
          loans: [{ ...loan('Dan', 'dan@example.test'), returned: true, returnedOn: '2041-05-09' }],
        },
      ]);
      await env.DB.batch(statements);
      const cleo = (await borrowersOf(owner.token)).find((b) => b.id === known.id)!;
      expect(cleo).toMatchObject({ name: 'Cleo M.', currentLoans: 1 });
      expect(cleo.loans[0]).toMatchObject({ item: { title: 'Ulysses' }, lentOn: '2041-05-01' });
      const dan = (await borrowersOf(owner.token)).find((b) => b.email === 'dan@example.test')!;
      expect(dan.loans.map((l) => [l.item.title, l.state, l.returnedOn])).toEqual([['Emma', 'returned', '2041-05-09']]);
    },
    TIMEOUT,
  );

  it(
    'a Vitrine export brings back the loans of a borrower recorded without an email, found again by name',
    async () => {
      const { owner, collection, itemPath } = await lendableItem({ title: 'Dune' });
      const nora = await addBorrower(owner.token, { name: 'Nora', email: undefined });
      expect((await lend(owner.token, itemPath, { borrowerId: nora.id, lentOn: '2041-06-01', dueOn: '2041-06-20' })).status).toBe(201);
      const document = await (await call(`/api/v1/collections/${collection.id}/export?format=json`, { token: owner.token })).text();
      const copy = await createCollection(owner.token, { name: 'Copy', type: 'books' });
      const report = await runImport(owner.token, copy.id, document, 'shelf.json', planOf(document));
      expect(report).toMatchObject({ status: 'done', counts: { added: 1 } });
      const [only] = await borrowersOf(owner.token);
      expect(only).toMatchObject({ id: nora.id, email: null, currentLoans: 2 });
    },
    TIMEOUT,
  );
});
