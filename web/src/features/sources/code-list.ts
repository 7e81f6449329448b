// A list of codes as people paste it: one a line (from a spreadsheet's column, a scanner's log), or
// several on a line separated by commas, semicolons or spaces. A line that reads whole as a code keeps
// its inner spaces and dashes ("978 2 07 061275 8"); otherwise each of its words is read on its own.
import { readCode } from '@shared/sources/codes';

export interface CodeList {
  /** The codes read, normalised (digits, check digit verified), each once, in the order given. */
  codes: string[];
  /** What could not be read as an ISBN or a barcode, as written. */
  unreadable: string[];
  /** How many codes were given again after their first time. */
  repeated: number;
}

export function readCodeList(text: string): CodeList {
  const codes: string[] = [];
  const unreadable: string[] = [];
  let repeated = 0;
  const take = (code: string) => {
    if (codes.includes(code)) repeated += 1;
    else codes.push(code);
  };
  for (const line of text.split(/[\r\n,;\t]+/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const whole = readCode(trimmed);
    if (whole) {
      take(whole.code);
      continue;
    }
    for (const word of trimmed.split(/\s+/)) {
      const read = readCode(word);
      if (read) take(read.code);
      else unreadable.push(word);
    }
  }
  return { codes, unreadable, repeated };
}
