// SQL fragments keep each `?` next to its value, however they are nested and joined.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { join, prepare, raw, sql } from '@worker/db/sql-fragment';

describe('SQL fragments', () => {
  it('binds values in the order their `?` appear, through nested fragments and joins', () => {
    const tests = join([sql`a = ${1}`, raw('b IS NULL'), sql`c IN (${2}, ${'three'})`], ' AND ');
    const statement = sql`SELECT * FROM t WHERE x = ${'first'} AND ${tests} LIMIT ${10}`;
    expect(statement.text).toBe('SELECT * FROM t WHERE x = ? AND a = ? AND b IS NULL AND c IN (?, ?) LIMIT ?');
    expect(statement.binds).toEqual(['first', 1, 2, 'three', 10]);
  });

  it('takes raw text as it is, with no bind', () => {
    const fragment = raw("x = 'it''s' AND ?");
    expect(fragment.text).toBe("x = 'it''s' AND ?");
    expect(fragment.binds).toEqual([]);
  });

  it('joins nothing into an empty fragment', () => {
    expect(join([], ' AND ')).toEqual(expect.objectContaining({ text: '', binds: [] }));
  });

  it('runs on D1 with its values bound', async () => {
    const row = await prepare(env.DB, sql`SELECT ${2} + ${3} AS n, ${'a'} || ${raw("'b'")} AS s`).first<{ n: number; s: string }>();
    expect(row).toEqual({ n: 5, s: 'ab' });
  });
});
