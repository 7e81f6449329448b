// A plain CSV's layout guessed from the whole head the browser reads (and the Worker reads alike): its
// encoding with a stray bad byte, its separator, each column's type, codes, lists and markup.
import { describe, expect, it } from 'vitest';
import { sniffCsv } from '@shared/import/csv';
import { guessField, isCodeLabel } from '@shared/import/guess';
import { htmlToText } from '@shared/import/html';
import { mapRecord } from '@shared/import/mapping';
import { byteOffset, decodeText, detectEncoding } from '@shared/import/text';
import { defaultDraft, planOf, previewMapping, readImportFile } from '@web/features/imports/import-draft';
import { makeProperty } from '../catalogue-fixtures';

const auto = { encoding: 'auto', format: null, csv: null } as const;
const utf8 = (text: string) => new TextEncoder().encode(text);
const properties = [makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true, required: true })];
const rows = (count: number, row: (i: number) => string) => Array.from({ length: count }, (_, i) => row(i)).join('\n');

describe('encodings', () => {
  it('keeps a mostly valid UTF-8 file UTF-8, a stray byte read as U+FFFD and counted', async () => {
    // One Latin-1 "é" (0xE9) among UTF-8 text.
    const damaged = new Uint8Array([...utf8('Titre;Auteur\nКоралина;Нил Гейман\nCaf'), 0xe9, ...utf8(';Zoé\n')]);
    expect(detectEncoding(damaged)).toBe('utf-8');
    const decoded = decodeText(damaged);
    expect(decoded).toMatchObject({ encoding: 'utf-8', replaced: 1 });
    expect(decoded.text).toContain('Нил Гейман');
    expect(decoded.text).toContain('\ufffd');
    const reading = await readImportFile(new File([damaged], 'books.csv'), auto);
    expect(reading.replaced).toBe(1);
    // A file of Windows-1252 stays so: its accents are not UTF-8 at all.
    expect(detectEncoding(Uint8Array.from('Titre;Année\nCafé;Zoé\n', (ch) => ch.charCodeAt(0)))).toBe('windows-1252');
    expect(decodeText(utf8('Café')).replaced).toBe(0);
  });

  it('measures a text read with damaged bytes on the bytes themselves, and leaves a cut character for the next window', () => {
    // Windows-1252 bytes read as UTF-8 by hand: each "é" is one byte, not the three of U+FFFD.
    const bytes = Uint8Array.from('é1\né2\né3\n', (ch) => ch.charCodeAt(0));
    const { text } = decodeText(bytes, 'utf-8');
    expect(text).toBe('\ufffd1\n\ufffd2\n\ufffd3\n');
    expect(byteOffset(bytes, 'utf-8', text, 4)).toBe(4);
    const cut = utf8('ab€').subarray(0, 4);
    expect(decodeText(cut, 'utf-8', { cut: true })).toMatchObject({ text: 'ab', replaced: 0 });
  });
});

describe('separators and quotes', () => {
  it('reads a TSV whose cells hold commas as a TSV, though its first lines split alike at commas', () => {
    // No header; the first twenty records have two commas each, the rest any number: tabs alone split every record alike.
    const tsv = `${rows(20, (i) => `Doe, John, Jr\tBook ${i}`)}\n${rows(60, (i) => `${'Name, '.repeat(i % 4)}X\tBook ${i}`)}\n`;
    expect(sniffCsv(tsv).delimiter).toBe('\t');
    // With a header, and cells of quotes that never close ("Heroes" (1977), 12" vinyl).
    const quoted = `Title\tArtist\tNotes\n${rows(40, (i) => `"Heroes" (${i})\tDavid Bowie, Brian Eno\tLP, 12", vinyl`)}\n`;
    expect(sniffCsv(quoted).delimiter).toBe('\t');
  });

  it('reads a CSV with "|" inside cells as comma-separated, though its first lines split alike at "|"', () => {
    const csv = `${rows(12, (i) => `Book ${i},A|B|C`)}\n${rows(40, (i) => `Book ${i},${'A|'.repeat(i % 3)}B`)}\n`;
    expect(sniffCsv(csv).delimiter).toBe(',');
    expect(sniffCsv(`Title,Tags\n${rows(40, (i) => `"Book | ${i}",a|b|c`)}\n`).delimiter).toBe(',');
  });

  it('finds the separator of a file whose first lines say nothing of it', () => {
    // The first thirty records have one cell; further down, every record has three.
    const csv = `Title;Year;Notes\n${rows(30, (i) => `Book ${i}`)}\n${rows(200, (i) => `Later ${i};2001;Nice, good`)}\n`;
    expect(sniffCsv(csv).delimiter).toBe(';');
  });

  it('cuts a header too long for a label, so the plan fits what the server takes', async () => {
    const header = `${'Very long column name '.repeat(6)}`;
    const reading = await readImportFile(new File([`Title,${header}\nDune,x\n`], 'long.csv'), auto);
    const plan = planOf(reading, defaultDraft(reading, properties), properties, (n) => `Column ${n}`);
    const label = plan.fields.find((f) => f.field === 'c1')?.create?.label ?? '';
    expect(label.length).toBeGreaterThan(0);
    expect(label.length).toBeLessThanOrEqual(80);
  });
});

describe('column types from every record read', () => {
  it('types a column empty in its first records from its later ones, and never leaves a named column out', async () => {
    const csv = `Title,Price,Comment\n${rows(80, (i) => `Book ${i},,`)}\n${rows(20, (i) => `Late ${i},${i + 1.5},`)}\n`;
    const reading = await readImportFile(new File([csv], 'late.csv'), auto);
    expect(reading.records).toHaveLength(100);
    const draft = defaultDraft(reading, properties);
    expect(draft.fields[1]!.target).toEqual({ kind: 'new', label: 'Price', type: 'number', multiple: false });
    // Empty in every record read, but named: kept as text for what later records hold.
    expect(draft.fields[2]!.target).toEqual({ kind: 'new', label: 'Comment', type: 'text', multiple: false });
  });

  it('keeps codes as text: by the column name in English and French, leading zeros, 10 and 13 digits', () => {
    for (const label of [
      'ISBN',
      'ISBN13',
      'EAN',
      'UPC',
      'ASIN',
      'IMDb ID',
      'tmdb_id',
      'Const',
      'Code-barres',
      'SKU',
      'Id',
      'Book Id',
      'Référence',
    ]) {
      expect(guessField(label, ['12', '345'], 'ymd').type, label).toBe('text');
    }
    expect(guessField('Number', ['0451', '12'], 'ymd').type).toBe('text');
    expect(guessField('Thing', ['9782070360024', '9780441013593'], 'ymd').type).toBe('text');
    expect(guessField('Thing', ['2070360024', '044101359X'], 'ymd').type).toBe('text');
    expect(guessField('Thing', ['978-2-07-036024-5'], 'ymd').type).toBe('text');
    // Plain numbers and dates stay what they are.
    expect(guessField('Pages', ['320', '1024'], 'ymd').type).toBe('number');
    expect(guessField('Year', ['1965', '2001'], 'ymd').type).toBe('number');
    expect(guessField('Added', ['2024-01-15'], 'ymd').type).toBe('date');
  });

  it('reads ratings as ratings even beside a code’s name (IMDb Rating, Cote), the codes still text', () => {
    for (const label of ['IMDb Rating', 'Your Rating', 'Cote', 'Note', 'TMDB Rating']) {
      expect(guessField(label, ['7', '8.5', '10'], 'ymd').type, label).toBe('rating');
      expect(isCodeLabel(label), label).toBe(false);
    }
    expect(guessField('IMDb Votes', ['1200', '35000'], 'ymd').type).toBe('number');
    for (const label of ['ISBN', 'EAN', 'UPC', 'ASIN', 'IMDb', 'IMDb ID', 'Const', 'TMDB id', 'Code', 'Barcode', 'Code-barres']) {
      expect(guessField(label, ['7', '12'], 'ymd').type, label).toBe('text');
      expect(isCodeLabel(label), label).toBe(true);
    }
  });

  it('finds lists by the share of cells and the column name, not in single names or titles', () => {
    expect(guessField('Directors', ['Joel Coen, Ethan Coen', 'Greta Gerwig', 'Lana Wachowski, Lilly Wachowski'], 'ymd')).toEqual({
      type: 'text',
      multiple: true,
      split: ', ',
    });
    expect(guessField('Auteurs', ['René Goscinny - Albert Uderzo', 'Hergé'], 'ymd')).toEqual({
      type: 'text',
      multiple: true,
      split: ' - ',
    });
    expect(guessField('Genres', ['Drama / Crime', 'Comedy', 'Horror / Thriller'], 'ymd')).toEqual({
      type: 'text',
      multiple: true,
      split: ' / ',
    });
    // "Last, First" names, and titles with commas or dashes, are one value each.
    expect(guessField('Authors', ['Doe, John', 'Roe, Jane', 'Austen, Jane'], 'ymd').multiple).toBe(false);
    expect(guessField('Title', ['Paris, Texas', 'Star Wars - Episode IV', 'Dune'], 'ymd').multiple).toBe(false);
    expect(guessField('Author', ['Herbert, Frank', 'Le Guin, Ursula K.'], 'ymd').multiple).toBe(false);
  });
});

describe('markup in texts', () => {
  it('reads a hostile cell of unclosed tags in one pass, and leaves the backups of Vitrine verbatim', () => {
    // 300,000 characters of "<a" without a ">": once read again per "<", this took minutes.
    const hostile = '<a "'.repeat(75_000);
    expect(htmlToText(hostile)).toBe(hostile);
    const longtext = { key: 'notes', type: 'longtext' as const, multiple: false, required: false };
    const mappings = [{ field: 'notes', property: 'notes', split: null }];
    const record = { row: 1, id: null, values: { notes: ['Tom &amp; Jerry\nSeason <b>2</b>'] } };
    // A restore gives back the very text that was saved; a CSV's markup is read as HTML.
    expect(mapRecord('vitrine', record, mappings, [longtext], { dateOrder: 'ymd', keyField: null }).values.notes).toBe(
      'Tom &amp; Jerry\nSeason <b>2</b>',
    );
    expect(mapRecord('csv', record, mappings, [longtext], { dateOrder: 'ymd', keyField: null }).values.notes).not.toContain('&amp;');
  });

  it('turns HTML into plain text with line breaks, and leaves text that is not HTML as it is', () => {
    expect(htmlToText('<p>First &amp; best.</p><p>Second<br/>line <em>here</em></p>')).toBe('First & best.\n\nSecond\nline here');
    expect(htmlToText('<ul><li>One</li><li>Two</li></ul>')).toBe('• One\n• Two');
    expect(htmlToText('a <script>alert(1)</script>b')).toBe('a b');
    expect(htmlToText('Tom &amp; Jerry &eacute;t&eacute;')).toBe('Tom & Jerry été');
    for (const plain of ['a < b and c > d', 'I <3 it', 'AT&T', 'x<y>z']) expect(htmlToText(plain)).toBe(plain);
  });

  it('maps HTML cells to plain text, in the preview and the run alike', () => {
    const targets = [
      { key: 'summary', type: 'longtext' as const, multiple: false, required: false },
      { key: 'pages', type: 'number' as const, multiple: false, required: false },
    ];
    const record = { row: 2, id: null, values: { c0: ['<p>A <b>bold</b> story.</p><p>Part&nbsp;two</p>'], c1: ['<b>12</b>'] } };
    const mappings = [
      { field: 'c0', property: 'summary', split: null },
      { field: 'c1', property: 'pages', split: null },
    ];
    const mapped = mapRecord('csv', record, mappings, targets, { dateOrder: 'ymd', keyField: null });
    expect(mapped.values.summary).toBe('A bold story.\n\nPart two');
    // Only text properties are read as markup: a number in tags is not one.
    expect(mapped.problems.map((p) => p.reason)).toEqual(['invalid_number']);
  });

  it('guesses a column of HTML paragraphs as a long text', async () => {
    const reading = await readImportFile(new File([`Title,Description\nDune,"<p>Sand.</p><p>Worms.</p>"\n`], 'html.csv'), auto);
    const { mappings } = previewMapping(
      planOf(reading, defaultDraft(reading, properties), properties, (n) => `Column ${n}`),
      properties,
    );
    expect(mappings.map((m) => m.field)).toContain('c1');
    expect(defaultDraft(reading, properties).fields[1]!.target).toMatchObject({ kind: 'new', type: 'longtext' });
  });
});
