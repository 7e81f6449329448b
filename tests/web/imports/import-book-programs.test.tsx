// Book programs' CSV exports as the browser reads them: recognised by their header (never a plain CSV
// that merely has a title column), read the same in the Worker's small windows, padded Goodreads cells
// joined again, LibraryThing's TSV finding its JSON export's items; and the import screen naming the
// program and saying when a file holds only ids.
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { csvOptionsOf, detectFormat, readHead, readRecords, readSample } from '@shared/import/formats';
import { ImportFileError } from '@shared/import/errors';
import { recordRef } from '@shared/import/mapping';
import { rejoinPadded } from '@shared/import/programs/cells';
import { decodeText, detectEncoding } from '@shared/import/text';
import type { ImportRecord } from '@shared/import/records';
import { catalogueApi, makeProperty } from '../catalogue-fixtures';
import { json, mockFetch, renderRoute, signIn } from '../helpers';
import calibre from '../../fixtures/imports/calibre/calibre.csv?raw';
import goodreadsHeaderless from '../../fixtures/imports/goodreads/goodreads-headerless.csv?raw';
import goodreadsPadded from '../../fixtures/imports/goodreads/goodreads-padded.csv?raw';
import librarythingTsv from '../../fixtures/imports/librarything/librarything.tsv?raw';
import openlibrary from '../../fixtures/imports/openlibrary/openlibrary.csv?raw';
import openreads from '../../fixtures/imports/openreads/openreads.csv?raw';
import storygraph from '../../fixtures/imports/storygraph/storygraph.csv?raw';

/** Every record of a text, read whole or in windows of `size` characters as the Worker's steps do. */
function recordsOf(text: string, size = text.length): ImportRecord[] {
  const format = detectFormat(text);
  const csv = csvOptionsOf(format, text);
  const head = readHead(format, text, csv);
  const records: ImportRecord[] = [];
  for (let position = head.start; ;) {
    const read = readRecords(
      head,
      csv,
      text.slice(position, position + size),
      50,
      position + size >= text.length,
      head.firstRow + records.length,
    );
    records.push(...read.records);
    position += read.used;
    if (read.done) return records;
  }
}

describe('reading book programs’ exports', () => {
  it('reads the same records in small windows as whole, multi-line cells and headerless files included', () => {
    for (const text of [openreads, storygraph, goodreadsHeaderless, librarythingTsv]) expect(recordsOf(text, 700)).toEqual(recordsOf(text));
    expect(recordsOf(goodreadsHeaderless).map((r) => [r.row, r.id])).toEqual([
      [1, '234225'],
      [2, '5907'],
    ]);
  });

  it('keeps a plain CSV with book-like columns a plain CSV, and a program’s header alone holds nothing to import', () => {
    expect(detectFormat('Title,Author,ISBN,Rating\nDune,Frank Herbert,9780441172719,5\n')).toBe('csv');
    expect(detectFormat('Book Id,Title,Rating\n1,Dune,5\n')).toBe('csv');
    const header = storygraph.split('\n')[0]! + '\n';
    expect(detectFormat(header)).toBe('storygraph');
    const csv = csvOptionsOf('storygraph', header);
    const problem = (() => {
      try {
        readSample(readHead('storygraph', header, csv), csv, header, true);
      } catch (err) {
        return err instanceof ImportFileError ? err.problem : err;
      }
    })();
    expect(problem).toBe('no_records');
  });

  it('reads Calibre’s catalogue behind the byte order mark it writes', () => {
    const bytes = new TextEncoder().encode('\uFEFF' + calibre);
    const { text } = decodeText(bytes, detectEncoding(bytes));
    expect(detectFormat(text)).toBe('calibre');
    const head = readHead('calibre', text, csvOptionsOf('calibre', text));
    expect(head.fields.map((f) => f.label)).toContain('authors');
    expect(recordsOf(text)[0]!.values.authors).toEqual(['Seanan McGuire']);
  });

  it('joins cells a space before their quote left cut, and keeps an unclosed one whole', () => {
    expect(rejoinPadded([' 1 ', ' "Herbert', ' Frank" ', ' x'], ',')).toEqual([' 1 ', ' "Herbert, Frank" ', ' x']);
    expect(rejoinPadded([' "Dune" ', ' "a ""b"", c" '], ',')).toEqual([' "Dune" ', ' "a ""b"", c" ']);
    expect(rejoinPadded(['1', ' "never', ' closed'], ',')).toEqual(['1', ' "never, closed']);
    expect(recordsOf(goodreadsPadded)[0]!.values).toMatchObject({ title: ['Dune'], authors: ['Frank Herbert'], isbn: ['9780441172719'] });
  });

  it('gives LibraryThing’s TSV records the references of its JSON export', () => {
    const [marelle] = recordsOf(librarythingTsv);
    expect(recordRef('librarything_csv', marelle!, null)).toBe(recordRef('librarything', { row: 1, id: '5498194', values: {} }, null));
  });
});

describe('the import screen', () => {
  beforeEach(() => signIn('alice'));

  it('names the program, offers to read it as plain CSV, and says when a file holds only ids', async () => {
    const properties = [makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true })];
    mockFetch(
      catalogueApi({
        properties,
        other: (call, url) => (url.pathname.endsWith('/imports') && call.method === 'GET' ? json({ imports: [] }) : undefined),
      }),
    );
    renderRoute('/collection/3/manage/import');
    // The first screen of a file loads the import page's code: on a busy machine this takes a while.
    await screen.findByText('No imports into this collection yet.', {}, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('File to import'), {
      target: { files: [new File([openlibrary], 'reading-log.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByText('Read as: Open Library reading log')).toBeInTheDocument();
    expect(screen.getByText(/This file holds only the books’ ids and shelves, no titles/)).toBeInTheDocument();
    expect(screen.getByLabelText('Format')).toHaveValue('openlibrary');
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'csv' } });
    expect(await screen.findByText('Read as: CSV or TSV')).toBeInTheDocument();
    expect(screen.queryByText(/This file holds only the books’ ids/)).toBeNull();
  });

  it('names StoryGraph without the ids notice', async () => {
    mockFetch(
      catalogueApi({
        properties: [],
        other: (call, url) => (url.pathname.endsWith('/imports') && call.method === 'GET' ? json({ imports: [] }) : undefined),
      }),
    );
    renderRoute('/collection/3/manage/import');
    // The first screen of a file loads the import page's code: on a busy machine this takes a while.
    await screen.findByText('No imports into this collection yet.', {}, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('File to import'), {
      target: { files: [new File([storygraph], 'storygraph.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByText('Read as: StoryGraph export')).toBeInTheDocument();
    expect(screen.queryByText(/This file holds only the books’ ids/)).toBeNull();
  });
});
