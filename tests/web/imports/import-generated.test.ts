// A property of the import's shared code (the browser's reading, first mapping and preview, and the
// Worker's mapping): CSV files generated from a seed, with headers in English or French, any separator
// (comma, semicolon, tab, "|"), any encoding (a stray invalid byte in UTF-8 too), more records than the
// first screen's sample, a bad cell here and there, HTML in a note and a code column, never lose a record
// to one cell, keep codes whole, and a plan that would import none of them always says why instead of
// running to an empty "Done".
import { describe, expect, it } from 'vitest';
import { mapRecord } from '@shared/import/mapping';
import { planOutlook } from '@shared/import/outlook';
import { defaultDraft, planOf, previewMapping, readImportFile } from '@web/features/imports/import-draft';
import { makeProperty } from '../catalogue-fixtures';

/** mulberry32: the same seed, the same files. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TITLE_HEADERS = ['Title', 'Titre', 'Name', 'Nom', 'Film', 'Livre', 'title', ' TITRE ', 'Nom du jeu', 'Book Title', 'Intitulé'];
const YEAR_HEADERS = ['Year', 'Année', 'year', 'Annee de parution'];
const RATING_HEADERS = ['Rating', 'Note', 'My Rating', 'Étoiles'];
const AUTHOR_HEADERS = ['Authors', 'Auteurs', 'Réalisateur'];
const EXTRA_HEADERS = ['Notes', 'Commentaire', 'Prix', 'Price', 'Format'];
const WORDS = [
  'Dune',
  'Émile',
  'Germinal',
  'L’Étranger',
  'Zoé',
  'Perfect',
  'Days',
  'Café',
  'Œuvre',
  'naïve',
  'Ça',
  'Hyperion',
  'Les "Misérables"',
  'Paris, Texas',
];
const BAD_CELLS = ['abc', '0000-00-00', 'S2', '102 min', '3 - Neutral', '3.75', 'n/a', '—', '12/45/2020'];
const DELIMITERS = [',', ';', '\t', '|'] as const;
const HTML_NOTES = ['<p>Signed &amp; numbered</p>', 'First line<br/>second line', '<em>Rare</em> copy'];
const CODE_HEADERS = ['ISBN', 'EAN', 'Code-barres', 'Référence'];
/** Stands for one invalid byte in a UTF-8 file (0xFF), put in after encoding. */
const BAD_BYTE = '\u0001';
const ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1252', 'utf-16le'] as const;

const properties = [
  makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true, required: true }),
  makeProperty({ key: 'year', label: 'Year', type: 'number' }),
  makeProperty({ key: 'rating', label: 'Rating', type: 'rating' }),
  makeProperty({ key: 'authors', label: 'Authors', type: 'text', multiple: true }),
];

function encode(text: string, encoding: (typeof ENCODINGS)[number]): Uint8Array<ArrayBuffer> {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  if (encoding === 'utf-8-bom') return new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
  if (encoding === 'utf-16le')
    return new Uint8Array([0xff, 0xfe, ...[...text].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]);
  // Windows-1252: the generated texts keep to Latin-1 and the few characters of 0x80–0x9F it adds.
  const high: Record<string, number> = { '’': 0x92, Œ: 0x8c, œ: 0x9c, '—': 0x97 };
  return Uint8Array.from([...text], (ch) => high[ch] ?? ch.charCodeAt(0));
}

interface Generated {
  bytes: Uint8Array<ArrayBuffer>;
  titles: string[];
  /** The code of each record, when the file has a code column (leading zeros included). */
  codes: string[] | null;
  delimiter: string;
  encoding: string;
}

function generate(seed: number, withTitle: boolean): Generated {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const delimiter = pick(DELIMITERS);
  const encoding = pick(ENCODINGS);
  const columns: { header: string; cell: (row: number) => string }[] = [];
  const titles: string[] = [];
  // At most the records the browser reads (SAMPLE_RECORDS): the Worker maps every record with the same code.
  const rows = 1 + Math.floor(next() * 120);
  for (let r = 0; r < rows; r += 1) titles.push(`${pick(WORDS)} ${pick(WORDS)} ${r + 1}`);
  const titleColumn = withTitle ? { header: pick(TITLE_HEADERS), cell: (r: number) => titles[r]! } : null;
  if (titleColumn) columns.push(titleColumn);
  columns.push({ header: pick(YEAR_HEADERS), cell: () => String(1900 + Math.floor(next() * 124)) });
  columns.push({ header: pick(RATING_HEADERS), cell: () => String(Math.floor(next() * 11) / 2) });
  if (withTitle) columns.push({ header: pick(AUTHOR_HEADERS), cell: () => `${pick(WORDS)}|${pick(WORDS)}` });
  if (next() < 0.5)
    columns.push({ header: pick(EXTRA_HEADERS), cell: () => (next() < 0.3 ? '' : next() < 0.2 ? pick(HTML_NOTES) : pick(WORDS)) });
  const codes = withTitle && next() < 0.4 ? titles.map((_, r) => `0${String(100_000_000 + r * 7919).slice(0, 9)}`) : null;
  const codeColumn = codes ? { header: pick(CODE_HEADERS), cell: (r: number) => codes[r]! } : null;
  if (codeColumn) columns.push(codeColumn);
  const strayByte = encoding === 'utf-8' && withTitle && next() < 0.5;
  // The title somewhere among the columns, not always first.
  const at = Math.floor(next() * columns.length);
  if (withTitle && at > 0) columns.splice(at, 0, columns.shift()!);
  const quote = (text: string) => (/[",;\t\n|]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const lines = [columns.map((c) => quote(c.header)).join(delimiter)];
  for (let r = 0; r < rows; r += 1) {
    const cells = columns.map((c) => c.cell(r));
    // A bad cell in about one record of three, never in the title (nor the codes, checked whole below).
    if (next() < 0.35) {
      const candidates = columns.map((_, i) => i).filter((i) => columns[i] !== titleColumn && columns[i] !== codeColumn);
      cells[pick(candidates)] = pick(BAD_CELLS);
    }
    // A stray invalid byte inside a word of a year cell, once in the file.
    if (strayByte && r === rows - 1) cells[columns.findIndex((c) => c !== titleColumn && c !== codeColumn)] += BAD_BYTE;
    lines.push(cells.map(quote).join(delimiter));
  }
  const newline = next() < 0.5 ? '\n' : '\r\n';
  const encoded = encode(`${lines.join(newline)}${newline}`, encoding);
  const bytes = strayByte ? Uint8Array.from(encoded, (b) => (b === 0x01 ? 0xff : b)) : encoded;
  return { bytes, titles, codes, delimiter, encoding };
}

describe('generated CSV files', () => {
  it('import every record with its title, whatever one bad cell holds', async () => {
    for (let seed = 1; seed <= 150; seed += 1) {
      const file = generate(seed, true);
      const context = `seed ${seed} (${JSON.stringify(file.delimiter)}, ${file.encoding})`;
      const reading = await readImportFile(new File([file.bytes], 'generated.csv'), { encoding: 'auto', format: null, csv: null }).catch(
        (err: unknown) => {
          throw new Error(`${context}: ${String(err)}`);
        },
      );
      expect(reading.records, context).toHaveLength(file.titles.length);
      const draft = defaultDraft(reading, properties);
      const plan = planOf(reading, draft, properties, (n) => `Column ${n}`);
      const { mappings, targets } = previewMapping(plan, properties);
      const options = { keyField: plan.keyField ?? null, dateOrder: draft.dateOrder, titleKey: 'title' };
      const outlook = planOutlook(reading.format, reading.head.fields, reading.records, mappings, targets, options);
      expect(outlook, context).toMatchObject({ reason: null, imported: file.titles.length });
      const mapped = reading.records.map((record) => mapRecord(reading.format, record, mappings, targets, options));
      expect(
        mapped.map((m) => m.refused),
        context,
      ).toEqual(file.titles.map(() => false));
      expect(
        mapped.map((m) => m.values.title),
        context,
      ).toEqual(file.titles);
      // A stray byte keeps the file UTF-8: the titles read above are whole, not Windows-1252 mojibake.
      if (file.encoding === 'utf-8') expect(reading.encoding, context).toBe('utf-8');
      // Codes stay text, leading zero and all.
      if (file.codes) {
        const code = draft.fields.find((f) => /isbn|ean|code|référence/i.test(f.label))!;
        expect(code.target, context).toMatchObject({ kind: 'new', type: 'text' });
        const key = plan.fields.find((f) => f.field === code.field)!.property;
        expect(
          mapped.map((m) => m.values[key]),
          context,
        ).toEqual(file.codes);
      }
      // HTML is stored as the text it shows.
      for (const m of mapped)
        for (const value of Object.values(m.values))
          if (typeof value === 'string') expect(value, context).not.toMatch(/<\/?(p|br|em)\b|&amp;/);
    }
  });

  it('say why they would import nothing when no column can name the items', async () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      const file = generate(seed, false);
      const reading = await readImportFile(new File([file.bytes], 'generated.csv'), { encoding: 'auto', format: null, csv: null });
      const draft = defaultDraft(reading, properties);
      const plan = planOf(reading, draft, properties, (n) => `Column ${n}`);
      const { mappings, targets } = previewMapping(plan, properties);
      const outlook = planOutlook(reading.format, reading.head.fields, reading.records, mappings, targets, {
        keyField: plan.keyField ?? null,
        dateOrder: draft.dateOrder,
        titleKey: 'title',
      });
      // Either the records are imported (a column was taken for the title), or the plan says why not.
      if (outlook.imported === 0) expect(outlook.reason, `seed ${seed}`).not.toBeNull();
      else
        expect(
          mappings.some((m) => m.property === 'title'),
          `seed ${seed}`,
        ).toBe(true);
    }
  });
});
