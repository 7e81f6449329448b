// How the Worker reads a plain CSV's windows when the encoding was chosen by hand, and how it words a
// plan it refuses for a limit.
import { describe, expect, it } from 'vitest';
import { type StoredHead, windowRecords } from '@worker/features/imports/imports.steps';
import type { ImportRow } from '@worker/db/raw-rows';
import { call, createUser } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';

const WINDOW_BYTES = 256 * 1024;

describe('windows of a file read as UTF-8 by hand', () => {
  it('start each on a record boundary, though the file has bytes that are not UTF-8', () => {
    // Windows-1252 bytes ("é" is 0xE9), read as UTF-8: each is one U+FFFD of one byte, over several windows.
    const rows = Array.from({ length: 20000 }, (_, i) => `Livre ${i} été;Autrice ${i % 7};isbn-${i}`);
    const bytes = Uint8Array.from(`Title;Author;ISBN\n${rows.join('\n')}\n`, (ch) => ch.charCodeAt(0));
    expect(bytes.length).toBeGreaterThan(2 * WINDOW_BYTES);
    const start = 'Title;Author;ISBN\n'.length;
    const head = { format: 'csv', start, firstRow: 2, csv: { delimiter: ';', quote: '"', header: true } } as unknown as StoredHead;
    const isbns: string[] = [];
    let position = start;
    for (let step = 0; step < 100; step += 1) {
      const row = {
        encoding: 'utf-8',
        total: null,
        file_length: bytes.length,
        status: 'checking',
        processed: isbns.length,
        position,
      } as unknown as ImportRow;
      const window = { bytes: bytes.subarray(position, position + WINDOW_BYTES), final: position + WINDOW_BYTES >= bytes.length };
      const { read, usedBytes } = windowRecords(row, head, window, 500, 2 + isbns.length);
      isbns.push(...read.records.map((r) => r.values.c2?.[0] ?? ''));
      position += usedBytes;
      if (read.done) break;
    }
    expect(isbns).toEqual(rows.map((_, i) => `isbn-${i}`));
  });
});

describe('a plan refused for a limit', () => {
  it('says the limit in its message', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Shelf' });
    const body = new FormData();
    body.set('file', new File(['Title\nDune\n'], 'books.csv'));
    const label = 'x'.repeat(120);
    body.set(
      'plan',
      JSON.stringify({ format: 'csv', fields: [{ field: 'c0', property: 'long', create: { label, type: 'text', multiple: false } }] }),
    );
    const res = await call(`/api/v1/collections/${c.id}/imports`, { method: 'POST', token: owner.token, body });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { details: { fields: { reason: string; message: string; maximum?: number }[] } } };
    expect(error.details.fields[0]).toMatchObject({ reason: 'too_big', maximum: 80 });
    expect(error.details.fields[0]!.message).toBe('Use at most 80 characters.');
  });
});
