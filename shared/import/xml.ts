// XML files (GCstar, Tellico, BoardGameGeek) read a window at a time with saxes, a streaming parser that
// never expands entities beyond XML's five and never fetches anything: the head (everything before the
// first record, where the files describe their fields), then the records, each an element at the top
// of the window. A step of the import starts a fresh parser at a record boundary it kept, so nothing of
// a parser's state has to survive between steps.
import { SaxesParser } from 'saxes';
import { ImportFileError } from './errors';

/** An element as the readers use it: attributes, child elements and the text directly inside. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A record name that takes every element at the top of the window (Delicious Library's book, movie, game…). */
export const ANY_RECORD = '*';

/** The first child element of that name. */
export const child = (element: XmlElement | undefined, name: string): XmlElement | undefined =>
  element?.children.find((c) => c.name === name);
/** Every child element of that name. */
export const childrenOf = (element: XmlElement | undefined, name: string): XmlElement[] =>
  element?.children.filter((c) => c.name === name) ?? [];

/** An element's name without its namespace prefix (Tellico declares a default namespace). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Ends a parse early from inside an event handler (saxes has no other way to stop). */
class Stop {
  constructor(readonly reason: 'limit' | 'end') {}
}

function newElement(name: string, attrs: Record<string, string>): XmlElement {
  return { name: localName(name), attrs, children: [], text: '' };
}

/** A DOCTYPE may name an external DTD (never fetched); one that declares entities is refused. */
function checkDoctype(doctype: string) {
  if (/<!ENTITY/i.test(doctype)) throw new ImportFileError('xml_entities');
}

/**
 * Builds elements from saxes' events: `onTop` sees each element that closes at depth 0 (relative to
 * where the parse began), with the text position just after it.
 */
function treeBuilder(parser: SaxesParser, onTop: (element: XmlElement, end: number) => void) {
  const stack: XmlElement[] = [];
  parser.on('doctype', checkDoctype);
  parser.on('opentag', (tag) => {
    const element = newElement(tag.name, tag.attributes as Record<string, string>);
    stack[stack.length - 1]?.children.push(element);
    stack.push(element);
  });
  const addText = (text: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const element = stack.pop();
    if (element && stack.length === 0) onTop(element, parser.position);
  });
  return stack;
}

/** A parse error of the file as the import reports it. */
function invalid(err: unknown): never {
  if (err instanceof ImportFileError) throw err;
  throw new ImportFileError('invalid_xml');
}

/**
 * Everything of the document before its first `recordName` element, as a tree (the root and what it
 * holds so far), and the text position where that element begins.
 */
export function readXmlHead(text: string, recordName: string): { root: XmlElement; start: number } {
  const parser = new SaxesParser({ position: true });
  let root: XmlElement | null = null;
  let start = -1;
  // saxes keeps one handler per event: the tree builder has opentag, this one opentagstart.
  const stack = treeBuilder(parser, () => {});
  parser.on('opentagstart', (tag) => {
    root ??= stack[0] ?? null;
    if (localName(tag.name) === recordName) {
      start = text.lastIndexOf('<', parser.position - 1);
      throw new Stop('end');
    }
  });
  parser.on('error', (err) => {
    throw err;
  });
  try {
    parser.write(text);
  } catch (err) {
    if (!(err instanceof Stop)) invalid(err);
  }
  if (!root || start < 0) throw new ImportFileError('no_records');
  return { root, start };
}

/**
 * Up to `limit` record elements from a window that starts on a record boundary. Other elements between
 * records are passed over; the closing tag of the element holding the records ends them, and so does an
 * element named in `endsAt`. `final` says the window reaches the end of the file.
 */
export function readXmlRecords(
  window: string,
  recordName: string,
  limit: number,
  final: boolean,
  endsAt?: ReadonlySet<string>,
): { records: XmlElement[]; used: number; done: boolean } {
  const parser = new SaxesParser({ fragment: true, position: true });
  const records: XmlElement[] = [];
  let used = 0;
  const stack = treeBuilder(parser, (element, end) => {
    if (recordName === ANY_RECORD || element.name === recordName) records.push(element);
    used = end;
    if (records.length >= limit) throw new Stop('limit');
  });
  // An element that only ever follows the records (Tellico's pictures, larger than a window) ends them.
  parser.on('opentagstart', (tag) => {
    if (stack.length === 0 && endsAt?.has(localName(tag.name))) throw new Stop('end');
  });
  parser.on('error', (err) => {
    // The closing tag of the element that holds the records: the records end here.
    if (/unmatched closing tag/.test(err.message)) throw new Stop('end');
    throw err;
  });
  let stopped: Stop | null = null;
  try {
    parser.write(window);
  } catch (err) {
    if (!(err instanceof Stop)) invalid(err);
    stopped = err;
  }
  if (stopped?.reason === 'end') return { records, used, done: true };
  if (stopped?.reason === 'limit') return { records, used, done: false };
  // The window ran out: a file that ends here lacks its closing tags; otherwise a record that does not fit
  // in a window is too long.
  if (final) throw new ImportFileError('invalid_xml');
  if (records.length === 0) throw new ImportFileError('record_too_long');
  return { records, used, done: false };
}

/**
 * A whole small document (a source's answer) as a tree: its root element, namespace prefixes dropped.
 * Throws ImportFileError('invalid_xml') when it is not XML, as the records' reader does.
 */
export function readXmlDocument(text: string): XmlElement {
  const parser = new SaxesParser();
  let root: XmlElement | null = null;
  treeBuilder(parser, (element) => {
    root ??= element;
  });
  try {
    parser.write(text).close();
  } catch (err) {
    invalid(err);
  }
  if (!root) throw new ImportFileError('invalid_xml');
  return root;
}
