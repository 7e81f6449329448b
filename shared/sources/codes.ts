// ISBNs and barcodes as people type or scan them: "978-2-07-061275-8", "2070612759", a UPC from a DVD.
// A query that is one of these (its check digit right) is looked up as a code, not searched as words.

/** The check digit of an EAN-13 or UPC-A (GS1's weights 3 and 1 from the right), for the digits before it. */
function gs1Check(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const weight = (digits.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

function isbn10Valid(text: string): boolean {
  if (!/^\d{9}[\dX]$/.test(text)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += (text[i] === 'X' ? 10 : Number(text[i])) * (10 - i);
  return sum % 11 === 0;
}

/** An ISBN-10's ISBN-13 (978 and the same nine digits, with the EAN check digit). */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  return `${body}${gs1Check(body)}`;
}

/** An ISBN-13 starting 978 as an ISBN-10, else null (979 ISBNs have no ISBN-10). */
export function isbn13To10(isbn13: string): string | null {
  if (!/^978\d{10}$/.test(isbn13)) return null;
  const body = isbn13.slice(3, 12);
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(body[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return `${body}${check === 10 ? 'X' : String(check)}`;
}

export interface ReadCode {
  /** ISBN-13 for books (an ISBN-10 given is turned into it), else the EAN-13, UPC-A or EAN-8 as given. */
  code: string;
  /** A book's ISBN (EAN-13 starting 978 or 979). */
  isbn: boolean;
}

/** The code a query is, when it is one (separators ignored, check digit right), else null. */
export function readCode(text: string): ReadCode | null {
  const compact = text
    .trim()
    .replace(/[\s\u00a0-]/g, '')
    .toUpperCase()
    .replace(/^ISBN:?/, '');
  if (isbn10Valid(compact)) return { code: isbn10To13(compact), isbn: true };
  if (!/^\d+$/.test(compact) || ![8, 12, 13].includes(compact.length)) return null;
  if (gs1Check(compact.slice(0, -1)) !== Number(compact.at(-1))) return null;
  return { code: compact, isbn: compact.length === 13 && /^97[89]/.test(compact) };
}

/** Every form a stored ISBN or barcode may take for this code: itself, its ISBN-10, its EAN-13 with a 0. */
export function codeForms(code: string): string[] {
  const forms = [code];
  const isbn10 = isbn13To10(code);
  if (isbn10) forms.push(isbn10);
  if (code.length === 12) forms.push(`0${code}`);
  if (code.length === 13 && code.startsWith('0')) forms.push(code.slice(1));
  return forms;
}

/** A stored value's code, compared with forms: separators out, upper case (ISBN-10's X). */
export const compactCode = (text: string) => text.replace(/[\s\u00a0-]/g, '').toUpperCase();
