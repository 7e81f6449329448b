// The import screen's reading of a program's loans, with the same code as the server: how many loans and
// borrowers the preview announces, Tellico's read from the file's end even past the first 256 KB.
import { readFileSync } from 'node:fs';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '@web/features/imports/import-draft';
import { catalogueApi, makeProperty } from '../catalogue-fixtures';
import { json, mockFetch, renderRoute, signIn } from '../helpers';

const auto = { encoding: 'auto', format: null, csv: null } as const;

const tellico = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11">
 <collection title="My Books" type="2">
  <fields><field flags="8" title="Title" category="General" format="1" type="1" name="title"/></fields>
  ${entries}
  <borrowers>
   <borrower name="Ann Reader" uid="1"><loan uid="a" entryRef="1" loanDate="2041-02-01"/></borrower>
   <borrower name="Bob Builder" uid="2"><loan uid="b" entryRef="1" loanDate="2041-02-10"/><loan uid="c" entryRef="2" loanDate="2041-02-05"/></borrower>
  </borrowers>
 </collection>
</tellico>`;

describe('loans in the preview', () => {
  it('counts Tellico’s loans and borrowers, even when they come after the first 256 KB', async () => {
    const small = await readImportFile(
      new File([tellico('<entry id="1"><title>Dune</title></entry><entry id="2"><title>Emma</title></entry>')], 'b.xml'),
      auto,
    );
    expect(small.loans).toEqual({ loans: 3, borrowers: 2 });
    const many = Array.from(
      { length: 4000 },
      (_, i) => `<entry id="${i + 1}"><title>Book number ${i + 1} with a long enough title</title></entry>`,
    ).join('\n');
    const large = tellico(many);
    expect(large.length).toBeGreaterThan(256 * 1024);
    expect((await readImportFile(new File([large], 'b.xml'), auto)).loans).toEqual({ loans: 3, borrowers: 2 });
  });

  it('counts GCstar’s current borrower and its lending history, and nothing when nobody borrowed', async () => {
    const music = readFileSync('tests/fixtures/imports/gcstar/music.gcs', 'utf8');
    expect((await readImportFile(new File([music], 'm.gcs'), auto)).loans).toEqual({ loans: 1, borrowers: 1 });
    const lent = music.replace('borrower="none"', 'borrower="Paul"').replace('lendDate=""', 'lendDate="01/03/2041"');
    expect((await readImportFile(new File([lent], 'm.gcs'), auto)).loans).toEqual({ loans: 2, borrowers: 2 });
    const csv = await readImportFile(new File(['Title,Borrower\nDune,Ann\n'], 'b.csv'), auto);
    expect(csv.loans).toEqual({ loans: 0, borrowers: 0 });
  });
});

describe('the import screen', () => {
  const properties = [makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true })];
  const screenWith = (loansEnabled: boolean) =>
    mockFetch(
      catalogueApi({
        properties,
        other: (_call, url) =>
          url.pathname === '/api/v1/settings'
            ? json({ loansEnabled, instanceName: 'Vitrine', defaultLanguage: 'en_US' })
            : url.pathname.endsWith('/imports')
              ? json({ imports: [] })
              : undefined,
      }),
    );
  const file = () => new File([tellico('<entry id="1"><title>Dune</title></entry><entry id="2"><title>Emma</title></entry>')], 'books.xml');

  it('says how many loans and borrowers the file holds, and where they will go', async () => {
    signIn('alice');
    screenWith(true);
    renderRoute('/collection/3/manage/import');
    await screen.findByText('No imports into this collection yet.');
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [file()] } });
    expect(await screen.findByTestId('import-loans')).toHaveTextContent(
      'This file holds 3 loans to 2 borrowers: they will be recorded in lending',
    );
  });

  it('says the loans stay fields while loans are off', async () => {
    signIn('alice');
    screenWith(false);
    renderRoute('/collection/3/manage/import');
    await screen.findByText('No imports into this collection yet.');
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [file()] } });
    expect(await screen.findByTestId('import-loans')).toHaveTextContent('loans are off on this instance');
  });
});
