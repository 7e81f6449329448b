// The report of a run: its rows by outcome, and its first problems in the order of the file (row, then
// the plan's fields), cut at a thousand while the counts say how many records were concerned.
import { describe, expect, it } from 'vitest';
import type { ImportPlanInput } from '@shared/schemas/imports';
import { createUser } from '../../support/worker-app';
import { addProperty, createCollection } from '../../support/worker-catalogue';
import { runImport } from '../../support/worker-imports';

/** Numbers a record gives as words: each is a cell kept out of its item, and a problem of the report. */
const NUMBER_FIELDS = 20;
const RECORDS = 60;

describe('import report', () => {
  it('lists the first thousand problems in the order of the file, across steps', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Notes' });
    await addProperty(owner.token, c.id, { label: 'Title', key: 'title', type: 'text', isTitle: true });
    const header = ['Title', ...Array.from({ length: NUMBER_FIELDS }, (_, i) => `N${i}`)].join(';');
    const lines = Array.from({ length: RECORDS }, (_, r) =>
      [`Book ${r + 1}`, ...Array.from({ length: NUMBER_FIELDS }, () => 'none')].join(';'),
    );
    const plan: ImportPlanInput = {
      format: 'csv',
      csv: { delimiter: ';', quote: '"', header: true },
      fields: [
        { field: 'c0', property: 'title' },
        ...Array.from({ length: NUMBER_FIELDS }, (_, i) => ({
          field: `c${i + 1}`,
          property: `n${i}`,
          create: { label: `N${i}`, type: 'number' as const, multiple: false },
        })),
      ],
    };
    const report = await runImport(owner.token, c.id, `${header}\n${lines.join('\n')}\n`, 'notes.csv', plan);
    expect(report.counts.added).toBe(RECORDS);
    expect(report.rows.added).toEqual([[2, RECORDS + 1]]);
    // 1,200 cells left out; the first 1,000 are listed: fifty records of twenty, the third step's start.
    expect(report.problems).toHaveLength(1000);
    const places = report.problems.map((p) => `${p.row}:${p.property}`);
    const expected = Array.from({ length: 50 }, (_, r) => Array.from({ length: NUMBER_FIELDS }, (_, i) => `${r + 2}:n${i}`)).flat();
    expect(places).toEqual(expected);
    expect(report.problems[0]).toMatchObject({ outcome: 'kept', text: 'none', title: 'Book 1' });
  });
});
