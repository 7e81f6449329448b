// A GCstar model description (.gcm): the person's own model travels beside its .gcs in a zip, and says
// each field's key, label and type in <collection><fields lending tags><field value label type/>.
import { isSystemJunk } from '../zip-junk';
import { ImportFileError } from './errors';
import { fieldOfGcstarType, LENDING_FIELDS, TAG_FIELDS, type ModelField } from './gcstar-fields';
import { decodeText, detectEncoding } from './text';
import { child, childrenOf, readXmlDocument } from './xml';
import { readZipEntries, zipEntryNames, ZIP_MAX_DOCUMENT_BYTES } from './zip';

/** The fields a .gcm describes, with those GCstar adds for lending and tags when it says so. */
export function gcmFields(gcm: string): ModelField[] {
  const fields = child(readXmlDocument(gcm), 'fields');
  const own = childrenOf(fields, 'field')
    .map((element) => fieldOfGcstarType(element.attrs, element.attrs.label || element.attrs.value || ''))
    .filter((m): m is ModelField => m !== null);
  const keys = new Set(own.map((m) => m.field.key));
  const added = [...(fields?.attrs.lending === 'true' ? LENDING_FIELDS : []), ...(fields?.attrs.tags === 'true' ? TAG_FIELDS : [])];
  return [...own, ...added.filter((m) => !keys.has(m.field.key))];
}

const isGcm = (name: string) => /\.gcm$/i.test(name) && !isSystemJunk(name);

/** The text of the .gcm an archive holds beside a GCstar file, or null; a damaged one is invalid_xml. */
export function zipGcstarModel(archive: Uint8Array): string | null {
  if (!zipEntryNames(archive).some(isGcm)) return null;
  const [entry] = readZipEntries(archive, isGcm, ZIP_MAX_DOCUMENT_BYTES, (found) => found.length > 0);
  if (!entry) return null;
  const text = decodeText(entry.bytes, detectEncoding(entry.bytes)).text;
  // Read now, so that a broken model is said of the file before anything is imported.
  if (childrenOf(child(readXmlDocument(text), 'fields'), 'field').length === 0) throw new ImportFileError('no_records');
  return text;
}
