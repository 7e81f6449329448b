// JSON files (OnMyShelf and LibraryThing exports) read a window at a time: the records are the values
// of one array or object, so a step finds where each record's value ends (counting brackets outside
// strings, nothing more) and hands that slice to JSON.parse. A step starts at a record boundary it
// kept, like the other formats.
import { ImportFileError } from './errors';

const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t';

function skipSpace(text: string, from: number): number {
  let i = from;
  while (isSpace(text[i])) i += 1;
  return i;
}

/** The index just after the string starting at `from`, or -1 when the text ends first. */
function stringEnd(text: string, from: number): number {
  for (let i = from + 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"') return i + 1;
  }
  return -1;
}

/** The index just after the value starting at `from`, or -1 when the text ends first. */
export function jsonValueEnd(text: string, from: number): number {
  const first = text[from];
  if (first === '"') return stringEnd(text, from);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let i = from; i < text.length; i += 1) {
      const ch = text[i];
      if (ch === '"') {
        const end = stringEnd(text, i);
        if (end < 0) return -1;
        i = end - 1;
      } else if (ch === '{' || ch === '[') {
        depth += 1;
      } else if (ch === '}' || ch === ']') {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  // A number, true, false or null: up to the next delimiter.
  const match = /^[^,\]}\s]+/.exec(text.slice(from, from + 64));
  if (!match) throw new ImportFileError('invalid_json');
  return from + match[0].length === text.length ? -1 : from + match[0].length;
}

function parse(slice: string): unknown {
  try {
    return JSON.parse(slice) as unknown;
  } catch {
    throw new ImportFileError('invalid_json');
  }
}

/**
 * The members of the document's top object until the one named `stop`, whose value holds the records:
 * the others parsed, and where that one's value begins. Answers null for `start` when it is absent.
 */
export function readJsonHead(text: string, stop: string | null): { members: Record<string, unknown>; start: number | null } {
  let i = skipSpace(text, 0);
  if (text[i] !== '{') throw new ImportFileError('invalid_json');
  const members: Record<string, unknown> = {};
  i += 1;
  for (;;) {
    i = skipSpace(text, i);
    if (text[i] === ',') i = skipSpace(text, i + 1);
    if (text[i] === '}') return { members, start: null };
    const keyEnd = text[i] === '"' ? stringEnd(text, i) : -2;
    if (keyEnd === -2) throw new ImportFileError('invalid_json');
    if (keyEnd < 0) throw new ImportFileError('record_too_long');
    const key = parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    if (text[i] !== ':') throw new ImportFileError('invalid_json');
    i = skipSpace(text, i + 1);
    if (key === stop) return { members, start: i };
    const end = jsonValueEnd(text, i);
    if (end < 0) throw new ImportFileError('record_too_long');
    members[key] = parse(text.slice(i, end));
    i = end;
  }
}

/** A record of a JSON file: its value, and the member's name when the records are an object's members. */
export interface JsonRecord {
  key: string | null;
  value: unknown;
}

/** What holds the records: an array of them, or an object of them by their ids. */
export type JsonHolder = 'array' | 'object';

/**
 * The position just inside the holder's opening bracket at `from` (where the first record's window
 * starts), or invalid_json when the value there is not of that kind.
 */
export function holderStart(text: string, from: number, holder: JsonHolder): number {
  const i = skipSpace(text, from);
  if (text[i] !== (holder === 'array' ? '[' : '{')) throw new ImportFileError('invalid_json');
  return i + 1;
}

/**
 * Up to `limit` records from a window that starts inside their holder on a record boundary (after its
 * opening bracket or after a record). The holder's closing bracket ends them.
 */
export function readJsonRecords(
  window: string,
  holder: JsonHolder,
  limit: number,
  final: boolean,
): { records: JsonRecord[]; used: number; done: boolean } {
  const records: JsonRecord[] = [];
  let i = 0;
  let used = 0;
  const incomplete = () => {
    if (final) throw new ImportFileError('invalid_json');
    if (records.length === 0) throw new ImportFileError('record_too_long');
    return { records, used, done: false };
  };
  while (records.length < limit) {
    i = skipSpace(window, i);
    if (window[i] === ',') i = skipSpace(window, i + 1);
    if (i >= window.length) return incomplete();
    if (window[i] === (holder === 'array' ? ']' : '}')) return { records, used: i + 1, done: true };
    let key: string | null = null;
    if (holder === 'object') {
      if (window[i] !== '"') throw new ImportFileError('invalid_json');
      const keyEnd = stringEnd(window, i);
      if (keyEnd < 0) return incomplete();
      key = parse(window.slice(i, keyEnd)) as string;
      i = skipSpace(window, keyEnd);
      if (i >= window.length) return incomplete();
      if (window[i] !== ':') throw new ImportFileError('invalid_json');
      i = skipSpace(window, i + 1);
    }
    const end = jsonValueEnd(window, i);
    if (end < 0) return incomplete();
    records.push({ key, value: parse(window.slice(i, end)) });
    i = end;
    used = end;
  }
  return { records, used, done: false };
}
