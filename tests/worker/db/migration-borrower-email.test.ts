// Migration 0039 makes the borrowers table again (email becomes nullable). D1 keeps foreign keys on, so
// dropping the old table would take every loan with it through ON DELETE CASCADE: run again over data,
// it must leave the loans and the items' lent copies as they were.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addBorrower, act, lend, lendableItem } from '../../support/worker-lending';

describe('migration 0039 (borrower email optional)', () => {
  it('keeps every loan and the lent copies when it makes the borrowers table again', async () => {
    const { owner, item, itemPath } = await lendableItem({ quantity: 2 });
    const ann = await addBorrower(owner.token);
    await lend(owner.token, itemPath, { borrowerId: ann.id });
    const past = (await (await lend(owner.token, itemPath, { borrowerId: ann.id })).json()) as { id: number };
    await act(owner.token, past.id, 'return');
    const before = await env.DB.prepare('SELECT id, state, borrower_id FROM loans WHERE item_id = ? ORDER BY id').bind(item.id).all();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0039_'))!;
    await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));
    const after = await env.DB.prepare('SELECT id, state, borrower_id FROM loans WHERE item_id = ? ORDER BY id').bind(item.id).all();
    expect(after.results).toEqual(before.results);
    expect(after.results).toHaveLength(2);
    expect(await env.DB.prepare('SELECT lent_copies FROM items WHERE id = ?').bind(item.id).first('lent_copies')).toBe(1);
    expect(await env.DB.prepare('SELECT email FROM borrowers WHERE id = ?').bind(ann.id).first('email')).toBe(ann.email);
  });
});
