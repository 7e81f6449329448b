// The hourly reminders job with a controlled clock: a reminder before the due date, overdue notices the
// day after and then weekly (three at most), one digest to the owner, nothing twice, bounded work per
// run that resumes at the next, and nothing while lending is off.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loanRemindersJob, REMINDERS_PAGE } from '@worker/features/lending/loan-reminders.job';
import { runScheduledJobs } from '@worker/jobs/run-jobs';
import { call, capturedEmails, signIn } from '../../support/worker-app';
import { addBorrower, lend, lendableItem, setLoansEnabled } from '../../support/worker-lending';

const schedule = { hourly: [loanRemindersJob] };
const at = async (day: string) => (await runScheduledJobs(env, 'hourly', { schedule, now: new Date(`${day}T09:23:00Z`) }))[0]!;

afterEach(async () => {
  vi.restoreAllMocks();
  await setLoansEnabled(true);
});

/** Other tests' loans share the database: only count what reached these addresses. */
async function subjects(email: string) {
  return (await capturedEmails(email)).map((e) => e.subject);
}

describe('loan reminders', () => {
  it('reminds once before the due date, then sends overdue notices the day after and weekly, three at most', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, itemPath } = await lendableItem({ title: 'Dune' });
    const email = `late-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const ann = await addBorrower(owner.token, { name: 'Ann', email });
    expect((await lend(owner.token, itemPath, { borrowerId: ann.id, lentOn: '2040-03-01', dueOn: '2040-03-20' })).status).toBe(201);

    await at('2040-03-17'); // three days before: not yet (the collection reminds two days before)
    expect(await subjects(email)).toEqual([]);
    await at('2040-03-18');
    await at('2040-03-18');
    await at('2040-03-19');
    expect(await subjects(email)).toEqual(['Reminder: “Dune” is due back on March 20, 2040']);
    await at('2040-03-20'); // due today: not overdue yet
    await at('2040-03-21');
    await at('2040-03-22');
    await at('2040-03-27'); // six days after the first notice: not yet
    await at('2040-03-28');
    await at('2040-04-04');
    await at('2040-04-11'); // a fourth would be too many
    expect((await subjects(email)).slice(1)).toEqual([
      '“Dune” was due back on March 20, 2040',
      '“Dune” was due back on March 20, 2040',
      '“Dune” was due back on March 20, 2040',
    ]);
    // The owner got one digest, however many runs saw the loan overdue.
    const digests = (await subjects(owner.user.email!)).filter((s) => s.startsWith('Overdue loans'));
    expect(digests).toEqual(['Overdue loans: 1']);
  });

  it("carries the link to the borrower's own page in the reminder and in the overdue notice", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, itemPath } = await lendableItem({ title: 'Hyperion' });
    const email = `linked-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const ann = await addBorrower(owner.token, { name: 'Ann', email });
    expect((await lend(owner.token, itemPath, { borrowerId: ann.id, lentOn: '2041-05-01', dueOn: '2041-05-20' })).status).toBe(201);
    await at('2041-05-18');
    await at('2041-05-21');
    const sent = (await capturedEmails(email)).slice(-2);
    expect(sent.map((e) => e.subject)).toEqual([
      'Reminder: “Hyperion” is due back on May 20, 2041',
      '“Hyperion” was due back on May 20, 2041',
    ]);
    for (const notice of sent) {
      expect(notice.html).toContain('See everything you borrowed from');
      const secret = /https:\/\/vitrine\.test\/borrower\/([\w-]+)/.exec(notice.text)?.[1];
      expect(secret).toBeDefined();
      const page = await call(`/api/v1/borrower-page/${secret}`, { headers: { 'cf-connecting-ip': '198.51.100.61' } });
      expect(page.status).toBe(200);
    }
  });

  it('writes to the borrower in the language of their request and to the owner in theirs', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, itemPath } = await lendableItem({ title: 'Le Petit Prince' });
    await signIn(owner.user.username, owner.password, { lang: 'fr_FR' });
    const email = `fr-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await call(`${itemPath}/borrow`, {
      method: 'POST',
      lang: 'fr_FR',
      headers: { 'cf-connecting-ip': '198.51.100.9' },
      json: { name: 'Zoé', email },
    });
    const loans = (await (await call(`${itemPath}/loans`, { token: owner.token })).json()) as { loans: { id: number }[] };
    const id = loans.loans[0]!.id;
    await call(`/api/v1/loans/${id}/accept`, { method: 'POST', token: owner.token, json: {} });
    await call(`/api/v1/loans/${id}/lend`, { method: 'POST', token: owner.token, json: { lentOn: '2041-01-01', dueOn: '2041-01-10' } });
    await at('2041-01-11');
    expect((await subjects(email)).at(-1)).toBe('« Le Petit Prince » était à rendre le 10 janvier 2041');
    expect((await subjects(owner.user.email!)).at(-1)).toBe('Prêts en retard : 1');
  });

  it('stays inside its units, and resumes at the next run without sending anything twice', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, itemPath } = await lendableItem({ quantity: REMINDERS_PAGE + 10 });
    const addresses: string[] = [];
    for (let index = 0; index < REMINDERS_PAGE + 5; index += 1) {
      const email = `many-${index}-${crypto.randomUUID().slice(0, 6)}@example.test`;
      addresses.push(email);
      const borrower = await addBorrower(owner.token, { email });
      await lend(owner.token, itemPath, { borrowerId: borrower.id, lentOn: '2042-06-01', dueOn: '2042-06-10' });
    }
    const first = await at('2042-06-12');
    expect(first.units).toBeLessThanOrEqual(loanRemindersJob.units);
    expect(first.counts.overdue).toBeLessThanOrEqual(REMINDERS_PAGE);
    const afterFirst = await Promise.all(addresses.map(async (email) => (await capturedEmails(email)).length));
    expect(afterFirst.filter((n) => n === 0).length).toBeGreaterThan(0); // a page per run: some wait
    const second = await at('2042-06-12');
    expect(second.units).toBeLessThanOrEqual(loanRemindersJob.units);
    await at('2042-06-12');
    const counts = await Promise.all(addresses.map(async (email) => (await capturedEmails(email)).length));
    expect(counts.every((n) => n === 1)).toBe(true);
    // The owner's digest names the first loans and counts the rest.
    const digest = (await capturedEmails(owner.user.email!)).find((e) => e.subject === `Overdue loans: ${REMINDERS_PAGE + 5}`);
    expect(digest?.text).toContain(`…and ${REMINDERS_PAGE + 5 - 20} more.`);
    expect(digest?.text.match(/due back on June 10, 2042/g)).toHaveLength(20);
  });

  it('sends nothing while lending is off, and catches up once it is on', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, itemPath } = await lendableItem();
    const email = `off-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const ann = await addBorrower(owner.token, { email });
    await lend(owner.token, itemPath, { borrowerId: ann.id, lentOn: '2043-02-01', dueOn: '2043-02-05' });
    await setLoansEnabled(false);
    expect((await at('2043-02-06')).counts).toEqual({ skipped: 1 });
    expect(await subjects(email)).toEqual([]);
    await setLoansEnabled(true);
    // Loans of the other tests, due earlier, come first: a few hourly runs reach this one.
    for (let run = 0; run < 5; run += 1) await at('2043-02-06');
    expect(await subjects(email)).toHaveLength(1);
  });

  it('sends nothing to a borrower without an email, and still tells the owner their loan is overdue', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { owner, itemPath } = await lendableItem({ title: 'Solaris', quantity: 2 });
    const noEmail = await addBorrower(owner.token, { name: 'Kim', email: undefined });
    const email = `mail-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const withEmail = await addBorrower(owner.token, { name: 'Lou', email });
    const quiet = (await (
      await lend(owner.token, itemPath, { borrowerId: noEmail.id, lentOn: '2041-03-01', dueOn: '2041-03-10' })
    ).json()) as { id: number };
    await lend(owner.token, itemPath, { borrowerId: withEmail.id, lentOn: '2041-03-01', dueOn: '2041-03-10' });
    await at('2041-03-11');
    expect(await subjects(email)).toEqual(['“Solaris” was due back on March 10, 2041']);
    const row = await env.DB.prepare('SELECT overdue_notices, reminded_on FROM loans WHERE id = ?').bind(quiet.id).first();
    expect(row).toEqual({ overdue_notices: 0, reminded_on: null });
    expect((await subjects(owner.user.email!)).filter((s) => s.startsWith('Overdue loans'))).toEqual(['Overdue loans: 2']);
  });
});
