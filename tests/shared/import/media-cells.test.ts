// Media cells of an import: a stored file comes only from the files the import brought (a zip's pictures,
// a backup's files), found by name and checked as its property's type checks it; a text never is one.
import { describe, expect, it } from 'vitest';
import type { PropertyType } from '@shared/catalogue';
import { mapValues } from '@shared/import/mapping';

const FILE = 'media://collections/9/c0ffee.bin';
const PICTURE = 'media://collections/9/beef.png';
const CLIP = 'media://collections/9/f00d.mp4';
/** What a restore's steps named: the backup's file names, and the values they were stored as. */
const brought = new Map([
  ['a1.bin', FILE],
  ['b2.png', PICTURE],
  ['c3.mp4', CLIP],
]);

function cell(type: PropertyType, text: string, images?: ReadonlyMap<string, string>) {
  const mapped = mapValues(
    { f: [text] },
    [{ field: 'f', property: 'p', split: null }],
    [{ key: 'p', type, multiple: false, required: false }],
    {
      dateOrder: 'ymd',
      images,
    },
  );
  return { value: mapped.values.p, reasons: mapped.problems.map((p) => p.reason) };
}

describe('media cells', () => {
  it('take the files the import brought, by the name the value gives', () => {
    expect(cell('file', 'media://collections/4/A1.bin', brought)).toEqual({ value: FILE, reasons: [] });
    expect(cell('image', 'media://collections/4/b2.png', brought)).toEqual({ value: PICTURE, reasons: [] });
    expect(cell('video', 'media://collections/4/c3.mp4', brought)).toEqual({ value: CLIP, reasons: [] });
  });

  it('check what they find as the property does: an image property takes pictures only', () => {
    expect(cell('image', 'media://collections/4/a1.bin', brought)).toEqual({ value: undefined, reasons: ['not_image'] });
  });

  it('say a file the import did not bring is missing, rather than take the text', () => {
    for (const type of ['file', 'image', 'video'] as const) {
      expect(cell(type, 'media://collections/4/gone.bin', brought)).toEqual({ value: undefined, reasons: ['file_missing'] });
    }
  });

  it('never make a stored file of an ordinary text cell', () => {
    expect(cell('file', 'report.pdf')).toEqual({ value: undefined, reasons: ['not_importable'] });
    expect(cell('file', FILE)).toEqual({ value: undefined, reasons: ['file_missing'] });
    // A picture named by a file the zip lacks is left out quietly, as before; a video's address is read as one.
    expect(cell('image', 'cover.jpg', brought)).toEqual({ value: undefined, reasons: [] });
    expect(cell('video', 'https://youtu.be/dQw4w9WgXcQ')).toEqual({ value: 'https://youtu.be/dQw4w9WgXcQ', reasons: [] });
  });
});
