// One page's D1 reads, shared by its in-process requests (worker/src/lib/shared-reads.ts): a repeated
// read runs once, reads asked together travel as one batch, and nothing read is wrong or stale.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type D1Metrics, meteredD1 } from '@worker/lib/d1-metrics';
import { sharedReads } from '@worker/lib/shared-reads';

function measuredReads() {
  const metrics: D1Metrics = { queries: 0, rowsRead: 0, rowsWritten: 0, roundTrips: 0 };
  return { metrics, d1: sharedReads(meteredD1(env.DB, metrics)) };
}

describe('shared reads', () => {
  it('run a read asked by several requests at once once, and give each its own copy', async () => {
    const { metrics, d1 } = measuredReads();
    const ask = () => d1.prepare('SELECT ?1 AS word').bind('dune').all<{ word: string }>();
    const [first, second] = await Promise.all([ask(), ask()]);
    expect(first.results).toEqual([{ word: 'dune' }]);
    first.results[0]!.word = 'changed';
    expect(second.results).toEqual([{ word: 'dune' }]);
    expect((await ask()).results).toEqual([{ word: 'dune' }]);
    expect(metrics).toMatchObject({ queries: 1, roundTrips: 1 });
  });

  it('send the different reads asked at once as one batch, each answered in its own shape', async () => {
    const { metrics, d1 } = measuredReads();
    const [all, first, column, raw] = await Promise.all([
      d1.prepare('SELECT 1 AS n UNION ALL SELECT 2').all<{ n: number }>(),
      d1.prepare('SELECT ?1 AS word').bind('first').first<{ word: string }>(),
      d1.prepare('SELECT ?1 AS word').bind('column').first<string>('word'),
      // A column named twice, as drizzle's joins read them: each keeps its place.
      d1.prepare('SELECT a.name, b.name FROM (SELECT ?1 AS name) a, (SELECT ?2 AS name) b').bind('owner', 'shelf').raw(),
    ]);
    expect(all.results).toEqual([{ n: 1 }, { n: 2 }]);
    expect(first).toEqual({ word: 'first' });
    expect(column).toBe('column');
    expect(raw).toEqual([['owner', 'shelf']]);
    expect(metrics).toMatchObject({ queries: 4, roundTrips: 1 });
  });

  it('read again what a write may have changed', async () => {
    const { d1 } = measuredReads();
    await env.DB.exec('CREATE TABLE IF NOT EXISTS shared_reads_probe (id INTEGER PRIMARY KEY, word TEXT)');
    await env.DB.prepare("INSERT OR REPLACE INTO shared_reads_probe (id, word) VALUES (1, 'before')").run();
    const read = () => d1.prepare('SELECT word FROM shared_reads_probe WHERE id = 1').first<string>('word');
    expect(await read()).toBe('before');
    await d1.prepare("UPDATE shared_reads_probe SET word = 'after' WHERE id = 1").run();
    expect(await read()).toBe('after');
  });

  it('fail only the read that fails, not those batched with it', async () => {
    const { d1 } = measuredReads();
    const [good, bad] = await Promise.allSettled([
      d1.prepare('SELECT 1 AS n').first<{ n: number }>(),
      d1.prepare('SELECT * FROM no_such_table').all(),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: { n: 1 } });
    expect(bad.status).toBe('rejected');
  });
});
