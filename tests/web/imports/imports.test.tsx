// The import screen's logic and screens: reading a file's head as the server does (a window cut inside a
// character included), the guesses (types, lists, day or month first), the first mapping and the plan;
// then the setup screen (mapping, preview with a flagged cell, the upload) and a run's progress and report.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { strToU8, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guessDateOrder, guessField, ratingScale } from '@shared/import/guess';
import { detectEncoding } from '@shared/import/text';
import type { ImportReport } from '@shared/schemas/imports';
import { defaultDraft, fetchesCovers, planOf, propertiesFor, readImportFile } from '@web/features/imports/import-draft';
import { catalogueApi, makeProperty } from '../catalogue-fixtures';
import { json, mockFetch, renderRoute, signIn } from '../helpers';

const column = (n: number) => `Column ${n}`;
const properties = [
  makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true }),
  makeProperty({ key: 'authors', label: 'Authors', type: 'text', multiple: true }),
  makeProperty({ key: 'year', label: 'Year', type: 'number' }),
  makeProperty({ key: 'cover', label: 'Cover', type: 'image' }),
];

const csvFile = (text: string, name = 'library.csv') => new File([text], name, { type: 'text/csv' });

describe('reading a zip', () => {
  const tellico = `<?xml version="1.0" encoding="UTF-8"?><tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11"><collection title="B" type="2"><fields>
<field title="Title" name="title" type="1" flags="8"/><field title="Author" name="author" type="1" flags="7"/><field title="Cover" name="cover" type="10" flags="0"/></fields>
<entry id="1"><title>Dune</title><authors><author>Frank Herbert</author></authors><cover>abc.jpeg</cover></entry></collection></tellico>`;

  it('takes the document out of a Tellico .tc, its pictures by name, and sends the cover to the image property', async () => {
    const zip = zipSync({ 'tellico.xml': strToU8(tellico), 'images/ABC.jpeg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) });
    const reading = await readImportFile(new File([zip], 'books.tc'), { encoding: 'auto', format: null, csv: null });
    expect(reading.format).toBe('tellico');
    expect([...reading.pictures]).toEqual(['abc.jpeg']);
    expect(reading.records[0]!.values).toMatchObject({ title: ['Dune'], author: ['Frank Herbert'], cover: ['abc.jpeg'] });
    const draft = defaultDraft(reading, properties);
    expect(draft.fields.map((f) => [f.field, f.pictures, f.target])).toEqual([
      ['title', false, { kind: 'existing', property: 'title' }],
      ['author', false, { kind: 'existing', property: 'authors' }],
      ['cover', true, { kind: 'existing', property: 'cover' }],
    ]);
  });

  it('leaves pictures out when the file came without them', async () => {
    const reading = await readImportFile(new File([tellico], 'books.xml'), { encoding: 'auto', format: null, csv: null });
    expect(reading.pictures.size).toBe(0);
    expect(defaultDraft(reading, properties).fields.find((f) => f.field === 'cover')?.target).toEqual({ kind: 'ignore' });
  });
});

describe('reading a Tellico XML that holds its pictures', () => {
  const withImages = (tellico: string, images: string) => tellico.replace('</collection>', `</collection><images>${images}</images>`);

  it('maps its cover field to the image property, the plan included, as for a .tc', async () => {
    const tellico = `<?xml version="1.0" encoding="UTF-8"?><tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11"><collection title="B" type="2"><fields>
<field title="Title" name="title" type="1" flags="8"/><field title="Cover" name="cover" type="10" flags="0"/></fields>
<entry id="1"><title>Dune</title><cover>abc.jpeg</cover></entry></collection></tellico>`;
    const file = withImages(
      tellico,
      '<image format="JPEG" id="abc.jpeg" width="1" height="1">/9j/4A==</image><image id="linked.png" link="true"/>',
    );
    const reading = await readImportFile(new File([file], 'books.xml'), { encoding: 'auto', format: null, csv: null });
    expect([...reading.pictures]).toEqual(['abc.jpeg']);
    const draft = defaultDraft(reading, properties);
    expect(draft.fields.find((f) => f.field === 'cover')?.target).toEqual({ kind: 'existing', property: 'cover' });
    const plan = planOf(reading, draft, properties, (n) => `Column ${n}`);
    expect(plan.fields).toContainEqual(expect.objectContaining({ field: 'cover', property: 'cover', create: null }));
  });

  it('maps it too when its pictures come after the head the screen reads', async () => {
    const entries = Array.from(
      { length: 3000 },
      (_, i) => `<entry id="${i}"><title>Book ${i} ${'x'.repeat(80)}</title><cover>c${i}.png</cover></entry>`,
    ).join('');
    const tellico = `<?xml version="1.0" encoding="UTF-8"?><tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11"><collection title="B" type="2"><fields>
<field title="Title" name="title" type="1" flags="8"/><field title="Cover" name="cover" type="10" flags="0"/></fields>${entries}</collection></tellico>`;
    const reading = await readImportFile(
      new File([withImages(tellico, '<image id="c0.png" format="PNG">iVBORw0KGgo=</image>')], 'big.xml'),
      { encoding: 'auto', format: null, csv: null },
    );
    expect(reading.pictures.size).toBe(0);
    expect(defaultDraft(reading, properties).fields.find((f) => f.field === 'cover')?.target).toEqual({
      kind: 'existing',
      property: 'cover',
    });
  });
});

describe('reading a file and guessing', () => {
  it('takes a UTF-8 window cut inside a character for UTF-8', () => {
    const bytes = new TextEncoder().encode('Titre;Été\r\nÉmile;Zola');
    // "É" is two bytes: cutting after its first one must not make the file Windows-1252.
    const cut = bytes.subarray(0, bytes.indexOf(0xc3, 12) + 1);
    expect(detectEncoding(cut)).toBe('utf-8');
    expect(detectEncoding(new Uint8Array([0x54, 0xe9, 0x74, 0xe9]))).toBe('windows-1252');
  });

  it('guesses content types, lists and the order of dates from the texts', () => {
    expect(guessField('Pages', ['320', '1 024', ''], 'ymd')).toEqual({ type: 'number', multiple: false, split: null });
    expect(guessField('My rating', ['4', '3.5', '5'], 'ymd').type).toBe('rating');
    expect(guessField('Score total', ['40', '12'], 'ymd').type).toBe('number');
    // Ratings out of 10 are ratings too, read on their scale; a number among words is a number only when read leniently.
    expect(guessField('Your Rating', ['7', '10', '4'], 'ymd').type).toBe('rating');
    expect(ratingScale(['7', '10', '4'])).toBe(10);
    expect(ratingScale(['85', '40'])).toBe(100);
    expect(ratingScale(['4', '3.5'])).toBeNull();
    expect(guessField('Runtime', ['102 min', '96 min'], 'ymd').type).toBe('text');
    expect(guessField('Read', ['oui', 'non', 'oui'], 'ymd').type).toBe('yesno');
    expect(guessField('Flag', ['1', '0'], 'ymd').type).toBe('number');
    expect(guessField('Bought', ['31/01/2024', '02/03/2023'], 'dmy').type).toBe('date');
    expect(guessField('Site', ['https://example.org/a', 'http://example.org'], 'ymd').type).toBe('url');
    expect(guessField('Genres', ['SF; Classic', 'Drama', 'Poetry; Drama'], 'ymd')).toEqual({ type: 'text', multiple: true, split: ';' });
    expect(guessField('Summary', ['x'.repeat(240)], 'ymd').type).toBe('longtext');
    expect(guessField('Title', ['Dune', 'Emma'], 'ymd').type).toBe('text');
    expect(guessDateOrder(['12/01/2024', '31/01/2024'])).toBe('dmy');
    expect(guessDateOrder(['01/31/2024'])).toBe('mdy');
    expect(guessDateOrder(['2024-01-31'])).toBe('ymd');
  });

  it('maps fields onto matching properties, makes new ones for the rest, and plans them', async () => {
    const reading = await readImportFile(
      csvFile('ISBN;Title;Year;Price;Cover;Empty\n978-1;Dune;1965;12,5;a.jpg;\n978-2;Emma;1815;7;b.jpg;\n'),
      {
        encoding: 'auto',
        format: null,
        csv: null,
      },
    );
    expect(reading.format).toBe('csv');
    expect(reading.csv).toMatchObject({ delimiter: ';', header: true });
    const draft = defaultDraft(reading, properties);
    expect(draft.keyField).toBe('c0');
    expect(draft.fields.map((f) => f.target)).toEqual([
      { kind: 'new', label: 'ISBN', type: 'text', multiple: false },
      { kind: 'existing', property: 'title' },
      { kind: 'existing', property: 'year' },
      { kind: 'new', label: 'Price', type: 'number', multiple: false },
      // An image property cannot take text: "Cover" becomes a text property of its own.
      { kind: 'new', label: 'Cover', type: 'text', multiple: false },
      // A named column empty in the records read is kept, as text, for what later records hold.
      { kind: 'new', label: 'Empty', type: 'text', multiple: false },
    ]);
    const plan = planOf(reading, draft, properties, column);
    expect(plan.fields.map((f) => [f.field, f.property, f.create?.label ?? null])).toEqual([
      ['c0', 'isbn', 'ISBN'],
      ['c1', 'title', null],
      ['c2', 'year', null],
      ['c3', 'price', 'Price'],
      // The key "cover" is taken: the new property gets the next free one.
      ['c4', 'cover_2', 'Cover'],
      ['c5', 'empty', 'Empty'],
    ]);
    // The collection has a title property already: no new one names the items.
    expect(plan.fields.some((f) => f.create?.title)).toBe(false);

    const untitled = planOf(reading, draft, [], column);
    expect(untitled.fields.find((f) => f.create?.title)?.field).toBe('c0');
  });

  it('takes a CSV column of picture addresses for pictures to fetch, and a column of other addresses for links', async () => {
    const text =
      'Title,Cover,Site\nDune,https://img.example.org/dune.jpg,https://example.org/dune\nEmma,https://img.example.org/emma.png?w=300,https://example.org/emma\n';
    const reading = await readImportFile(csvFile(text), { encoding: 'auto', format: null, csv: null });
    const images = makeProperty({ key: 'poster', label: 'Poster', type: 'image' });
    const draft = defaultDraft(reading, []);
    const [, cover, site] = draft.fields;
    expect(cover).toMatchObject({ addresses: true, pictures: false, target: { kind: 'new', type: 'image' } });
    expect(site).toMatchObject({ addresses: true, target: { kind: 'new', type: 'url' } });
    // A field of addresses may go to an image property or to a text one.
    expect(propertiesFor(cover!, [images, makeProperty({ key: 'notes', label: 'Notes', type: 'text' })]).map((p) => p.key)).toEqual([
      'poster',
      'notes',
    ]);
    expect(propertiesFor(draft.fields[0]!, [images]).map((p) => p.key)).toEqual([]);
    expect(fetchesCovers(draft, [])).toBe(true);
    expect(planOf(reading, draft, [], column).covers).toBe(true);
    expect(planOf(reading, { ...draft, covers: false }, [], column).covers).toBe(false);
    const noPictures = {
      ...draft,
      fields: draft.fields.map((f) => (f.field === cover!.field ? { ...f, target: { kind: 'ignore' as const } } : f)),
    };
    expect(fetchesCovers(noPictures, [])).toBe(false);
  });

  it('sends the column that names the items to the title: Name, Titre or a lowercase title, else the first text filled in every record', async () => {
    const read = (text: string) => readImportFile(csvFile(text), { encoding: 'auto', format: null, csv: null });
    // A list of films of one's own (Letterboxd's files are read as Letterboxd's: imports-films tests).
    const letterboxd = await read(
      'Date,Name,Year,Link\n2023-01-04,Perfect Days,2023,https://boxd.it/a\n2023-02-11,Aftersun,2022,https://boxd.it/b\n',
    );
    expect(defaultDraft(letterboxd, properties).fields[1]!.target).toEqual({ kind: 'existing', property: 'title' });
    const french = await read('Auteur;Titre;Année\nVictor Hugo;Les Misérables;1862\nÉmile Zola;Germinal;1885\n');
    expect(defaultDraft(french, properties).fields[1]!.target).toEqual({ kind: 'existing', property: 'title' });
    const inventaire = await read(
      'uri,isbn,authors,title,publicationDate\nisbn:978,978,Albert Camus,L’Étranger,1942\nwd:Q1,,Jules Verne,Vingt mille lieues,1870\n',
    );
    expect(defaultDraft(inventaire, properties).fields[3]!.target).toEqual({ kind: 'existing', property: 'title' });
    // A collection without a title: the new property made for that column names the items.
    const untitled = planOf(letterboxd, defaultDraft(letterboxd, []), [], column);
    expect(untitled.fields.find((f) => f.create?.title)?.field).toBe('c1');
    const plain = await read('Code;Label;Comment\n1;Red box;\n2;Blue box;dusty\n');
    expect(defaultDraft(plain, properties).fields[1]!.target).toEqual({ kind: 'existing', property: 'title' });
  });

  it('sends ratings out of 10 with their scale, to a new rating property or an existing one', async () => {
    const reading = await readImportFile(
      csvFile('Const,Your Rating,Title\ntt0111161,9,The Shawshank Redemption\ntt0068646,7,The Godfather\n'),
      { encoding: 'auto', format: null, csv: null },
    );
    const plan = planOf(reading, defaultDraft(reading, properties), properties, column);
    expect(plan.fields.find((f) => f.field === 'c1')).toMatchObject({ create: { type: 'rating' }, scale: 10 });
    const rated = [...properties, makeProperty({ key: 'your_rating', label: 'Your Rating', type: 'rating' })];
    expect(planOf(reading, defaultDraft(reading, rated), rated, column).fields.find((f) => f.field === 'c1')).toEqual({
      field: 'c1',
      property: 'your_rating',
      create: null,
      split: null,
      scale: 10,
    });
  });

  it('names columns of a file without a header by their position', async () => {
    const reading = await readImportFile(csvFile('Dune\t1965\nEmma\t1815\n'), {
      encoding: 'auto',
      format: null,
      csv: { delimiter: '\t', quote: '"', header: false },
    });
    const draft = defaultDraft(reading, []);
    const plan = planOf(reading, draft, [], column);
    expect(plan.fields.map((f) => [f.property, f.create?.label, f.create?.type, f.create?.title])).toEqual([
      ['column_1', 'Column 1', 'text', true],
      ['column_2', 'Column 2', 'number', false],
    ]);
  });
});

const runningReport = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  id: 9,
  collectionId: 3,
  format: 'csv',
  fileName: 'library.csv',
  status: 'importing',
  total: 3000,
  processed: 1000,
  progress: 0.4,
  counts: { added: 999, updated: 0, unchanged: 0, skipped: 0, failed: 1 },
  covers: null,
  sourceId: null,
  error: null,
  errorDetails: null,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  updatedAt: new Date().toISOString(),
  finishedAt: null,
  rows: {
    added: [
      [2, 3],
      [5, 1001],
    ],
    updated: [],
    unchanged: [],
  },
  problems: [{ row: 4, outcome: 'kept', reason: 'invalid_number', property: 'year', text: 'abc', title: 'Emma' }],
  coverProblems: [],
  ...overrides,
});

describe('import screens', () => {
  beforeEach(() => signIn('alice'));
  afterEach(() => vi.useRealTimers());

  it('maps a CSV, previews it with the unreadable cell flagged, and uploads it with its plan', async () => {
    const { calls } = mockFetch(
      catalogueApi({
        properties,
        other: (call, url) => {
          if (url.pathname === '/api/v1/collections/3/imports' && call.method === 'GET') return json({ imports: [] });
          if (url.pathname === '/api/v1/collections/3/imports' && call.method === 'POST')
            return json(runningReport({ status: 'checking', total: null, processed: 0, progress: 0 }), { status: 202 });
          if (url.pathname === '/api/v1/collections/3/imports/9')
            return json(runningReport({ status: 'checking', total: null, processed: 0, progress: 0.01 }));
          return undefined;
        },
      }),
    );
    const { router } = renderRoute('/collection/3/manage/import');
    expect(await screen.findByText('No imports into this collection yet.')).toBeInTheDocument();
    const file = csvFile('Title,Author,Year\nDune,Frank Herbert,1965\nEmma,Jane Austen,abc\n');
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [file] } });

    expect(await screen.findByText('Read as: CSV or TSV')).toBeInTheDocument();
    expect(screen.getByLabelText('Separator')).toHaveValue(',');
    expect(screen.getByLabelText('Where “Title” goes')).toHaveValue('p:title');
    expect(screen.getByLabelText('Where “Year” goes')).toHaveValue('p:year');
    expect(screen.getByLabelText('Where “Author” goes')).toHaveValue('new');
    // Pictures cannot come from text: the cover property is not offered.
    expect(within(screen.getByLabelText('Where “Author” goes')).queryByRole('option', { name: 'Cover' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Where “Author” goes'), { target: { value: 'p:authors' } });

    const preview = screen.getByRole('table', { name: /The first 2 records as they will be stored/ });
    expect(within(preview).getByText('“abc”: This is not a number.')).toBeInTheDocument();
    expect(within(preview).getByText('Jane Austen')).toBeInTheDocument();
    expect(screen.getByText(/1 value of these records cannot be read/)).toBeInTheDocument();
    expect(screen.getByText('2 of the first 2 records will be imported.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/3/manage/import/9'));
    const upload = calls.find((c) => c.method === 'POST')!;
    const form = upload.body as FormData;
    expect((form.get('file') as File).name).toBe('library.csv');
    expect(JSON.parse(form.get('plan') as string)).toEqual({
      format: 'csv',
      encoding: 'utf-8',
      csv: { delimiter: ',', quote: '"', header: true },
      keyField: null,
      dateOrder: 'ymd',
      covers: true,
      // The screen's plan runs as shown: the server adds no title of its own guessing.
      guessTitle: false,
      fields: [
        { field: 'c0', property: 'title', create: null, split: null },
        { field: 'c1', property: 'authors', create: null, split: null },
        { field: 'c2', property: 'year', create: null, split: null },
      ],
    });
    expect(await screen.findByText('Reading the whole file before writing anything…')).toBeInTheDocument();
  });

  it('reads a BoardGameGeek collection fetched by the server, and keeps it as a source that runs again', async () => {
    const bgg = `<?xml version="1.0" encoding="utf-8"?><items totalitems="1"><item objecttype="thing" objectid="13" subtype="boardgame"><name sortindex="1">Catan</name><status own="1"/></item></items>`;
    let fetchBody: unknown = null;
    const { calls } = mockFetch(
      catalogueApi({
        properties,
        other: (call, url) => {
          if (url.pathname === '/api/v1/collections/3/imports' && call.method === 'GET') return json({ imports: [] });
          if (url.pathname === '/api/v1/collections/3/scheduled-imports' && call.method === 'GET') return json({ sources: [] });
          if (url.pathname === '/api/v1/collections/3/scheduled-imports/fetch') {
            fetchBody = call.body;
            if ((call.body as { address: string }).address === 'nobody') {
              return json(
                {
                  error: {
                    code: 'SOURCE_UNREACHABLE',
                    message: 'x',
                    details: { fields: [{ path: 'address', reason: 'fetch_status', message: 'x' }] },
                  },
                },
                { status: 400 },
              );
            }
            return new Response(bgg, { status: 200, headers: { 'content-type': 'application/octet-stream' } });
          }
          if (url.pathname === '/api/v1/collections/3/imports' && call.method === 'POST')
            return json(runningReport({ status: 'fetching', total: null, processed: 0, progress: 0 }), { status: 202 });
          if (url.pathname === '/api/v1/collections/3/imports/9')
            return json(runningReport({ status: 'checking', total: null, processed: 0, progress: 0.01 }));
          return undefined;
        },
      }),
    );
    const { router } = renderRoute('/collection/3/manage/import');
    fireEvent.click(await screen.findByLabelText('The web: an address, BoardGameGeek, Goodreads'));
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'bgg' } });
    fireEvent.change(screen.getByLabelText('BoardGameGeek user name'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the source' }));
    expect(
      await screen.findByText(/Nothing usable could be fetched from this source\. The server answered with an error/),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('BoardGameGeek user name'), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the source' }));
    expect(await screen.findByText('Read as: BoardGameGeek collection')).toBeInTheDocument();
    expect(fetchBody).toEqual({ kind: 'bgg', address: 'ada', shelf: null });
    expect(screen.getByLabelText('Import from this source again')).toHaveValue('daily');
    fireEvent.change(screen.getByLabelText('Import from this source again'), { target: { value: 'weekly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/3/manage/import/9'));
    const form = calls.find((c) => c.method === 'POST' && c.url.endsWith('/imports'))!.body as FormData;
    expect(JSON.parse(form.get('source') as string)).toEqual({ source: { kind: 'bgg', address: 'ada', shelf: null }, schedule: 'weekly' });
    expect(JSON.parse(form.get('plan') as string)).toMatchObject({ format: 'bgg' });
  });

  it('stops a plan that would import nothing and offers the fix: a column as the title', async () => {
    const required = properties.map((p) => (p.isTitle ? { ...p, required: true } : p));
    const { calls } = mockFetch(
      catalogueApi({
        properties: required,
        other: (call, url) => (url.pathname.endsWith('/imports') && call.method === 'GET' ? json({ imports: [] }) : undefined),
      }),
    );
    renderRoute('/collection/3/manage/import');
    await screen.findByText('No imports into this collection yet.');
    // No column is named for the title, and no column of text is filled in every record.
    fireEvent.change(screen.getByLabelText('File to import'), {
      target: { files: [csvFile('Code;Players;Label\n1001;4;Catan\n1002;2;\n1003;5;Dixit\n')] },
    });
    expect(
      await screen.findByText('No record would be imported: no field of the file goes to “Title”, which every item must have.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use “Label” as the title' }));
    expect(screen.getByLabelText('Where “Label” goes')).toHaveValue('p:title');
    expect(screen.getByText('2 of the first 3 records will be imported.')).toBeInTheDocument();
    expect(screen.queryByText(/No record would be imported/)).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says what a file that is not a document looks like, before uploading it', async () => {
    const { calls } = mockFetch(
      catalogueApi({ properties, other: (call, url) => (url.pathname.endsWith('/imports') ? json({ imports: [] }) : undefined) }),
    );
    renderRoute('/collection/3/manage/import');
    await screen.findByText('No imports into this collection yet.');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'cover.csv', {
      type: 'text/csv',
    });
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [png] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file looks like a picture, not a list of records Vitrine imports.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says what is wrong with a file that cannot be imported, before uploading it', async () => {
    const { calls } = mockFetch(
      catalogueApi({ properties, other: (call, url) => (url.pathname.endsWith('/imports') ? json({ imports: [] }) : undefined) }),
    );
    renderRoute('/collection/3/manage/import');
    await screen.findByText('No imports into this collection yet.');
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [csvFile('<?xml version="1.0"?><x/>', 'data.xml')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not in a format Vitrine imports');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a running import with its progress and estimate, then its report; it can be cancelled', async () => {
    let report = runningReport();
    const { calls } = mockFetch(
      catalogueApi({
        properties,
        other: (call, url) => {
          if (url.pathname === '/api/v1/collections/3/imports/9/cancel') {
            report = runningReport({ status: 'cancelled', finishedAt: new Date().toISOString() });
            return json(report);
          }
          if (url.pathname === '/api/v1/collections/3/imports/9') return json(report);
          return undefined;
        },
      }),
    );
    renderRoute('/collection/3/manage/import/9');
    const bar = await screen.findByRole('progressbar', { name: 'Progress of the import' });
    expect(bar).toHaveAttribute('value', '0.4');
    expect(screen.getByText('1,000 of 3,000 records imported')).toBeInTheDocument();
    // A minute for 40 %: about two minutes for the rest.
    expect(screen.getByText(/About 2 minutes left|About a minute left/)).toBeInTheDocument();
    expect(screen.getByText('2–3, 5–1,001')).toBeInTheDocument();
    const problems = screen.getByRole('table');
    expect(within(problems).getByText('This is not a number.')).toBeInTheDocument();
    expect(within(problems).getByText('Year')).toBeInTheDocument();
    // The cell is named by its record's title, and its record was imported without it.
    expect(within(problems).getByText('Emma')).toBeInTheDocument();
    expect(within(problems).getByText('Imported; this value left out or cut')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel the import' }));
    expect(await screen.findByText(/What was imported before the cancel is kept/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/cancel'))).toBe(true);
    expect(screen.getByRole('link', { name: 'See the collection' })).toHaveAttribute('href', '/collection/3');
  });
});
