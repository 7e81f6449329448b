// Apple's XML property lists (Delicious Library's export): a <dict> holds <key>s, each followed by its
// value (<string>, <integer>, <real>, <date>, <true/>, <false/>, an <array> of them, a nested <dict>).
// The elements come from the streaming XML reader (xml.ts), so a plist is read a window at a time like
// any XML file; a binary plist ("bplist00") is refused before (sniff.ts).
import { ImportFileError } from './errors';
import { readXmlHead, type XmlElement } from './xml';

/** A value's texts: a scalar's one text, an array's scalars; nested dicts and <data> give none. */
function plistTexts(value: XmlElement | undefined): string[] {
  if (!value) return [];
  switch (value.name) {
    case 'string':
    case 'integer':
    case 'real':
    case 'date':
      return [value.text];
    case 'true':
    case 'false':
      return [value.name];
    case 'array':
      return value.children.flatMap((c) => (c.name === 'array' ? [] : plistTexts(c)));
    default:
      return [];
  }
}

/** A <dict>'s entries as texts by key, in its order. */
export function plistDict(dict: XmlElement): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  dict.children.forEach((element, index) => {
    if (element.name !== 'key') return;
    const value = dict.children[index + 1];
    if (value && value.name !== 'key') out[element.text.trim()] = plistTexts(value);
  });
  return out;
}

/**
 * Where the items of a plist begin: the first <dict> of its first <array> (the root array Delicious
 * Library writes, or one a root dict holds). No array of dicts: nothing to import.
 */
export function plistItemsStart(text: string): number {
  const { start } = readXmlHead(text, 'array');
  const dict = /<dict[\s>/]|<\/array>/.exec(text.slice(start + 1));
  if (!dict || dict[0] === '</array>') throw new ImportFileError('no_records');
  return start + 1 + dict.index;
}
