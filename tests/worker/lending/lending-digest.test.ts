// The owner's lending digest: off by default, daily or weekly as chosen, one per period however often
// the hourly job runs, listing overdue loans, loans due within a week and requests waiting; nothing while
// lending is off.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerDigestJob, weekOf } from '@worker/features/lending/owner-digest.job';
import { runScheduledJobs } from '@worker/jobs/run-jobs';
import { call, capturedEmails } from '../../support/worker-app';
import { act, askToBorrow, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(() => setLoansEnabled(true));

const schedule = { hourly: [ownerDigestJob] };
const at = async (day: string, hour = '09') =>
  (await runScheduledJobs(env, 'hourly', { schedule, now: new Date(`${day}T${hour}:23:00Z`) }))[0]!;
const digests = async (to: string) => (await capturedEmails(to)).filter((m) => m.subject.startsWith('Your loans'));

async function ownerWithLoan(digest: 'off' | 'daily' | 'weekly', dueOn: string) {
  const { owner, itemPath } = await lendableItem({ title: 'Dune' });
  const asked = await askToBorrow(itemPath, owner.token, { name: 'Bea' });
  await act(owner.token, asked.id, 'accept');
  await act(owner.token, asked.id, 'lend', { dueOn });
  const pending = await lendableItem({ title: 'Emma' });
  expect(pending).toBeDefined();
  if (digest !== 'off') {
    const res = await call('/api/v1/lending/preferences', { method: 'PATCH', token: owner.token, json: { digest } });
    expect(res.status).toBe(200);
  }
  return { owner, email: owner.user.email! };
}

describe('the lending digest', () => {
  it('is sent once a day when daily, with the loans due within a week', async () => {
    const { email } = await ownerWithLoan('daily', '2031-05-13');
    await at('2031-05-10');
    await at('2031-05-10', '10');
    const sent = await digests(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Dune');
    expect(sent[0]!.text).toContain('Due back within a week');
    await at('2031-05-11');
    expect(await digests(email)).toHaveLength(2);
  });

  it('is sent once a week when weekly, and says what is overdue', async () => {
    const { email } = await ownerWithLoan('weekly', '2031-05-01');
    expect(weekOf('2031-05-14')).toBe('2031-05-12');
    await at('2031-05-12');
    await at('2031-05-15');
    const sent = await digests(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Overdue');
    await at('2031-05-19');
    expect(await digests(email)).toHaveLength(2);
  });

  it('is off by default, and nothing is sent while lending is off', async () => {
    const quiet = await ownerWithLoan('off', '2031-05-13');
    const daily = await ownerWithLoan('daily', '2031-05-13');
    await setLoansEnabled(false);
    expect(await at('2031-05-10')).toMatchObject({ counts: { skipped: 1 } });
    await setLoansEnabled(true);
    await at('2031-05-10');
    expect(await digests(quiet.email)).toHaveLength(0);
    expect(await digests(daily.email)).toHaveLength(1);
  });
});
