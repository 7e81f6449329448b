// The hourly hold-offers run keeps to the statements it declares (its job's units and the runner's),
// however many copies a run offers: the borrowers' page links in its emails are made in one statement,
// not one per offer (docs/product.md "Limits and budgets": 50 queries an invocation).
import { env } from 'cloudflare:test';
import { afterEach, expect, it, vi } from 'vitest';
import type { ItemHolds } from '@shared/schemas/holds';
import { holdOffersJob } from '@worker/features/lending/hold-offers.job';
import { runnerUnits, runScheduledJobs } from '@worker/jobs/run-jobs';
import { meteredD1, type D1Metrics } from '@worker/lib/d1-metrics';
import { call, capturedEmails } from '../../support/worker-app';
import { addBorrower, lend, lendableItem, setLoansEnabled } from '../../support/worker-lending';

afterEach(async () => {
  vi.restoreAllMocks();
  await setLoansEnabled(true);
});

it('offers six free copies in one run within its declared statements, each email with its borrower page link', async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const waiting: { itemPath: string; token: string; email: string }[] = [];
  for (let n = 0; n < 6; n += 1) {
    const fixture = await lendableItem({ title: `Dune ${n}` });
    const ann = await addBorrower(fixture.owner.token);
    expect((await lend(fixture.owner.token, fixture.itemPath, { borrowerId: ann.id })).status).toBe(201);
    const email = `wait-${n}-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const joined = await call(`${fixture.itemPath}/holds`, {
      method: 'POST',
      headers: { 'cf-connecting-ip': `192.0.2.${100 + n}` },
      json: { name: `Reader ${n}`, email },
    });
    expect(joined.status).toBe(201);
    waiting.push({ itemPath: fixture.itemPath, token: fixture.owner.token, email });
  }
  // Copies added while lending is off are left to the hourly run.
  await setLoansEnabled(false);
  for (const { itemPath, token } of waiting) {
    expect((await call(itemPath, { method: 'PATCH', token, json: { quantity: 2 } })).status).toBe(200);
  }
  await setLoansEnabled(true);
  const metrics: D1Metrics = { queries: 0, rowsRead: 0, rowsWritten: 0 };
  const [report] = await runScheduledJobs({ ...env, DB: meteredD1(env.DB, metrics) }, 'hourly', {
    schedule: { hourly: [holdOffersJob] },
    now: new Date(),
  });
  expect(report!.counts.offered).toBeGreaterThanOrEqual(6);
  expect(metrics.queries).toBeLessThanOrEqual(holdOffersJob.units + runnerUnits([holdOffersJob]));
  for (const { itemPath, token, email } of waiting) {
    const holds = ((await (await call(`${itemPath}/holds`, { token })).json()) as ItemHolds).holds;
    expect(holds.map((h) => h.state)).toEqual(['offered']);
    const [offer] = (await capturedEmails(email)).filter((m) => m.text.includes('/hold/offer?token='));
    expect(offer?.text).toMatch(/https:\/\/vitrine\.test\/borrower\/[\w-]{20,}/);
  }
});
