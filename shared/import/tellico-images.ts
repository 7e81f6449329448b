// Tellico's plain XML may keep its pictures inside it (<images><image id="…">base64</image></images>,
// after the entries), where a .tc zip keeps them in its images/ folder. The Worker stores them as it
// stores a zip's (imports.embedded.ts); the import screen maps a picture field to them the same way.
import { pictureName } from './mapping';
import type { ImportHead } from './records';

/** Whether a file alone (not in a zip) may hold pictures of its own: a Tellico XML with a picture field. */
export const embedsPictures = (head: ImportHead) => head.format === 'tellico' && head.fields.some((f) => f.type === 'image');

const IMAGE = /<image\b([^>]*?)(\/?)>/g;

/** The pictures a text holds inside it, by the name records give them; a picture kept beside the file (<image … />) is none. */
export function embeddedPictureNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, attrs, empty] of text.matchAll(IMAGE)) {
    const id = /\bid\s*=\s*"([^"]*)"/.exec(attrs!)?.[1];
    if (id && empty === '') names.add(pictureName(decodeXmlAttribute(id)));
  }
  return names;
}

const decodeXmlAttribute = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
