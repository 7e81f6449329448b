// Reading a pasted list of ISBNs and barcodes: one a line or several a line, separators inside a code
// kept, ISBN-10s read as their ISBN-13, repeats counted once, and what is not a code set aside.
import { describe, expect, it } from 'vitest';
import { readCodeList } from '@web/features/sources/code-list';

describe('a pasted list of codes', () => {
  it('reads one code a line, with the dashes and spaces people type', () => {
    expect(readCodeList('978-2-07-061275-8\n978 0 441 17271 9\r\n0-441-17271-7\n')).toEqual({
      codes: ['9782070612758', '9780441172719'],
      unreadable: [],
      repeated: 1,
    });
  });

  it('reads several codes a line, separated by commas, semicolons, tabs or spaces', () => {
    expect(readCodeList('9782070612758, 9780441172719;036000291452\t96385074 9782070612758').codes).toEqual([
      '9782070612758',
      '9780441172719',
      '036000291452',
      '96385074',
    ]);
  });

  it('sets aside what is not a code: a wrong check digit, a word, a short number', () => {
    expect(readCodeList('9782070612759\nDune 9782070612758\n12345')).toEqual({
      codes: ['9782070612758'],
      unreadable: ['9782070612759', 'Dune', '12345'],
      repeated: 0,
    });
  });

  it('reads nothing from an empty box', () => {
    expect(readCodeList('  \n\n ')).toEqual({ codes: [], unreadable: [], repeated: 0 });
  });
});
