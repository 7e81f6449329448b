// Tellico's plain XML keeps its pictures inside: <images><image id="…" format="PNG">base64</image></images>,
// after the entries. They are stored as a zip's pictures are (imports.steps.ts pictureStep): named by
// their id in import_media, a window of the file a step, under the same cap per picture. The run marks
// such a file by keeping it as its own "archive" (archive_key = file_key); the check step leaves in
// archive_position the byte where the entries end, and this step walks on from there.
import { ImportFileError } from '@shared/import/errors';
import { pictureName } from '@shared/import/mapping';
import { decodeText, encodedLength, type TextEncoding } from '@shared/import/text';
import { ZIP_MAX_IMAGE_BYTES } from '@shared/import/zip';
import type { ImportRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { NOW_SQL } from '@worker/db/now';
import { sniffImage } from '@worker/lib/media';
import { storePicture, wantThumbnails } from '@worker/lib/pictures';

export { embedsPictures } from '@shared/import/tellico-images';

/** Bytes of the file a step reads: as many pictures as a zip's step takes. */
const WINDOW_BYTES = 1024 * 1024;
const PICTURES_PER_STEP = 20;
/** The longest <image> element taken: a picture at the cap, in base64, with its tags. */
const IMAGE_MAX_BYTES = Math.ceil(ZIP_MAX_IMAGE_BYTES / 3) * 4 + 4096;

const OPEN = /<image[\s/>]/g;

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);

function base64Bytes(text: string): Uint8Array | null {
  try {
    const binary = atob(text.replace(/\s+/g, ''));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

interface Found {
  name: string;
  bytes: Uint8Array;
}

/** The pictures of a text from its start: those it holds whole, where reading stopped, and whether the images end there. */
function picturesIn(text: string, final: boolean): { found: Found[]; at: number; finished: boolean; cut: boolean } {
  const found: Found[] = [];
  let at = 0;
  while (found.length < PICTURES_PER_STEP) {
    OPEN.lastIndex = at;
    const open = OPEN.exec(text)?.index ?? -1;
    const end = text.indexOf('</images>', at);
    if (end >= 0 && (open < 0 || end < open)) return { found, at, finished: true, cut: false };
    // Nothing more here: the next window goes on from the end of this one (less a tag it may cut).
    if (open < 0) return { found, at: final ? text.length : Math.max(at, text.length - 16), finished: final, cut: false };
    const tagEnd = text.indexOf('>', open);
    if (tagEnd < 0) return { found, at, finished: final, cut: !final };
    const tag = text.slice(open, tagEnd);
    if (tag.endsWith('/')) {
      // A picture kept beside the file (a .tc's images/): nothing here.
      at = tagEnd + 1;
      continue;
    }
    const close = text.indexOf('</image>', tagEnd);
    if (close < 0) return { found, at: open, finished: final, cut: !final };
    const id = /\bid\s*=\s*"([^"]*)"/.exec(tag)?.[1];
    const bytes = base64Bytes(text.slice(tagEnd + 1, close));
    if (id && bytes) found.push({ name: pictureName(unescapeXml(id)), bytes });
    at = close + '</image>'.length;
  }
  return { found, at, finished: false, cut: false };
}

async function readText(env: Env, row: ImportRow, offset: number, length: number) {
  if (offset >= row.file_length) return { text: '', final: true };
  const object = await env.MEDIA.get(row.file_key, { range: { offset, length } });
  if (!object) throw new Error(`import ${row.id}: file missing`);
  const bytes = new Uint8Array(await object.arrayBuffer());
  return { text: decodeText(bytes, row.encoding as TextEncoding).text, final: offset + length >= row.file_length };
}

/** One window of the file's pictures from where the last step stopped; a picture over the cap is the file's problem, as in a zip. */
export async function embeddedPictureStep(env: Env, row: ImportRow): Promise<'more' | 'next-phase'> {
  const start = row.archive_position;
  let read = await readText(env, row, start, WINDOW_BYTES);
  let walk = picturesIn(read.text, read.final);
  if (walk.found.length === 0 && walk.cut) {
    // One picture longer than the window: read it alone, up to the cap a picture has.
    const skip = encodedLength(read.text.slice(0, walk.at), row.encoding as TextEncoding);
    read = await readText(env, row, start + skip, IMAGE_MAX_BYTES);
    walk = picturesIn(read.text, read.final);
    if (walk.found.length === 0 && walk.cut) throw new ImportFileError('picture_too_big', { limit: ZIP_MAX_IMAGE_BYTES });
    return store(env, row, start + skip, read.text, walk);
  }
  return store(env, row, start, read.text, walk);
}

async function store(
  env: Env,
  row: ImportRow,
  offset: number,
  text: string,
  walk: ReturnType<typeof picturesIn>,
): Promise<'more' | 'next-phase'> {
  const stored: { name: string; value: string }[] = [];
  for (const picture of walk.found) {
    const image = sniffImage(picture.bytes);
    if (!image || picture.bytes.length > ZIP_MAX_IMAGE_BYTES) continue;
    stored.push({ name: picture.name, value: await storePicture(env, row.collection_id, picture.bytes, image) });
  }
  const next = offset + encodedLength(text.slice(0, walk.at), row.encoding as TextEncoding);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO import_media (import_id, name, value)
       SELECT ?1, json_extract(value, '$.name'), json_extract(value, '$.value') FROM json_each(?2)`,
    ).bind(row.id, JSON.stringify(stored)),
    wantThumbnails(
      env,
      row.collection_id,
      stored.map((s) => s.value),
    ),
    // The file stays: it is the records' too. Only the run's mark that it holds pictures goes.
    env.DB.prepare(
      `UPDATE imports SET archive_position = ?2, archive_key = CASE WHEN ?3 THEN NULL ELSE archive_key END, updated_at = ${NOW_SQL}
       WHERE id = ?1 AND archive_position = ?4`,
    ).bind(row.id, next, walk.finished ? 1 : 0, row.archive_position),
  ]);
  return walk.finished ? 'next-phase' : 'more';
}
