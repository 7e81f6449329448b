// The loans a collection program kept, read from its file the same way in the browser's preview and in
// the Worker's import: who has the item (a name, an email when the program kept one), since when, until
// when, and for past loans when it came back. GCstar, Alexandria and Collectorz keep them in each item;
// Tellico lists them after its entries, in <borrowers><borrower name><loan entryRef loanDate dueDate>.
import { calendarDate } from '../schemas/lending';
import { dayFirstDate } from './records';
import { child, childrenOf, readXmlDocument, type XmlElement } from './xml';

export interface ProgramLoan {
  borrower: string;
  email: string | null;
  /** YYYY-MM-DD, when the file says. */
  lentOn: string | null;
  dueOn: string | null;
  /** Set for a loan of the history: the item came back then (null for a loan still out). */
  returnedOn: string | null;
  note: string | null;
  /** Whether it was returned: a program's history may lack the return date. */
  returned: boolean;
}

/** Borrower names and notes are cut to what the lending screens keep. */
const NAME_MAX = 200;
const NOTE_MAX = 2000;
/** Loans one item brings at most: a long history, not a file's whole weight. */
export const LOANS_PER_RECORD = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const dateOrNull = (text: string | null | undefined) => {
  const day = dayFirstDate((text ?? '').trim()).slice(0, 10);
  return calendarDate.safeParse(day).success ? day : null;
};

/** A loan as the file gives it, when it names someone (a loan to nobody is no loan). */
export function programLoan(fields: {
  borrower: string | null | undefined;
  email?: string | null;
  lentOn?: string | null;
  dueOn?: string | null;
  returnedOn?: string | null;
  note?: string | null;
  returned?: boolean;
}): ProgramLoan[] {
  const borrower = (fields.borrower ?? '').trim().slice(0, NAME_MAX);
  if (borrower === '' || borrower.toLowerCase() === 'none') return [];
  const email = (fields.email ?? '').trim().toLowerCase();
  const returnedOn = dateOrNull(fields.returnedOn);
  return [
    {
      borrower,
      email: EMAIL.test(email) && email.length <= 254 ? email : null,
      lentOn: dateOrNull(fields.lentOn),
      dueOn: dateOrNull(fields.dueOn),
      returnedOn,
      note: fields.note?.trim().slice(0, NOTE_MAX) || null,
      returned: fields.returned ?? returnedOn !== null,
    },
  ];
}

/** GCstar: the borrower ("none" when nobody) since lendDate, and the <borrowings> history (borrower, lent, returned). */
export function gcstarLoans(item: XmlElement): ProgramLoan[] {
  const attr = (name: string) => (Object.hasOwn(item.attrs, name) ? item.attrs[name] : child(item, name)?.text);
  const history = childrenOf(child(item, 'borrowings'), 'line').flatMap((line) => {
    const [borrower, lentOn, returnedOn] = childrenOf(line, 'col').map((col) => col.text);
    return programLoan({ borrower, lentOn, returnedOn, returned: true });
  });
  return [...programLoan({ borrower: attr('borrower'), lentOn: attr('lendDate') }), ...history].slice(0, LOANS_PER_RECORD);
}

/**
 * Tellico's loans by entry id, from the text after its entries (its file's end). Tellico keeps loans
 * still out only; a loan's text is the owner's note.
 */
export function tellicoLoans(tail: string): Map<string, ProgramLoan[]> {
  const byEntry = new Map<string, ProgramLoan[]>();
  const start = tail.search(/<borrowers[\s>]/);
  const end = tail.indexOf('</borrowers>', start);
  if (start < 0 || end < 0) return byEntry;
  let borrowers: XmlElement;
  try {
    borrowers = readXmlDocument(tail.slice(start, end + '</borrowers>'.length));
  } catch {
    return byEntry;
  }
  for (const borrower of childrenOf(borrowers, 'borrower')) {
    for (const loan of childrenOf(borrower, 'loan')) {
      const entry = loan.attrs.entryRef?.trim();
      if (!entry) continue;
      const found = programLoan({ borrower: borrower.attrs.name, lentOn: loan.attrs.loanDate, dueOn: loan.attrs.dueDate, note: loan.text });
      const list = byEntry.get(entry) ?? [];
      if (list.length < LOANS_PER_RECORD) byEntry.set(entry, [...list, ...found]);
    }
  }
  return byEntry;
}

/** A borrower as lending finds them again: by email when there is one, else by name, case aside. */
export const borrowerKey = (loan: Pick<ProgramLoan, 'borrower' | 'email'>) =>
  loan.email ? `@${loan.email}` : `#${loan.borrower.toLowerCase()}`;

/** How many loans and borrowers some records hold: what the import's preview says. */
export function loanTally(loans: readonly ProgramLoan[]): { loans: number; borrowers: number } {
  return { loans: loans.length, borrowers: new Set(loans.map(borrowerKey)).size };
}

/** The records with the loans Tellico listed after its entries for them (by entry id). */
export function withListedLoans<T extends { id: string | null; loans?: ProgramLoan[] }>(
  records: readonly T[],
  listed: ReadonlyMap<string, ProgramLoan[]>,
): T[] {
  if (listed.size === 0) return [...records];
  return records.map((record) => {
    const loans = record.id ? listed.get(record.id) : undefined;
    return loans ? { ...record, loans: [...(record.loans ?? []), ...loans] } : record;
  });
}

/** The loans and borrowers the preview announces: its records' own, or all Tellico lists at the file's end. */
export function previewLoans(records: readonly { loans?: ProgramLoan[] }[], listed: ReadonlyMap<string, ProgramLoan[]>) {
  return loanTally([...records.flatMap((r) => r.loans ?? []), ...[...listed.values()].flat()]);
}
