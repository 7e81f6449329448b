// The import screen's working state, kept apart from React so it can be tested plainly: reading the
// head of a file with the same code as the server (shared/import), a first mapping of its fields onto
// the collection's properties (or new ones, with guessed types), and the plan the server receives.
import {
  MAX_PROPERTIES,
  MEDIA_PROPERTY_TYPES,
  PROPERTY_KEY_MAX_LENGTH,
  PROPERTY_LABEL_MAX_LENGTH,
  PROPERTY_TYPES,
  type PropertyType,
} from '@shared/catalogue';
import type { CsvOptions } from '@shared/import/csv';
import { csvOptionsOf, detectFormat, readHead, readSample } from '@shared/import/formats';
import { guessDateOrder, guessField, ratingScale } from '@shared/import/guess';
import { guessTitleField, titleLabelScore } from '@shared/import/titles';
import type { DateOrder, FieldMapping, MappedProperty, RatingScale } from '@shared/import/mapping';
import type { ImportFormat, ImportHead, ImportRecord } from '@shared/import/records';
import { decodeText, detectEncoding, type TextEncoding } from '@shared/import/text';
import { refuseNonDocument } from '@shared/import/sniff';
import { isImageName, isZip, zipEntryNames } from '@shared/import/zip';
import { zipDocument } from '@shared/import/zip-document';
import { zipGcstarModel } from '@shared/import/gcstar-gcm';
import { embeddedPictureNames, embedsPictures } from '@shared/import/tellico-images';
import { isPictureAddress, pictureName } from '@shared/import/mapping';
import { previewLoans, tellicoLoans } from '@shared/import/loans';
import type { ImportPlanInput } from '@shared/schemas/imports';
import type { Property } from '@shared/schemas/properties';
import { keyFromLabel } from '@web/lib/property-key';

/** The server reads a file's head from its first 256 KB (imports.routes.ts): the browser reads the same. */
export const HEAD_BYTES = 256 * 1024;

/** What the person may override about how the file is read. */
export interface ReadChoices {
  encoding: TextEncoding | 'auto';
  /** A Goodreads export may be read as plain CSV; null takes what the content says. */
  format: ImportFormat | null;
  /** Null lets the reader sniff the layout. */
  csv: CsvOptions | null;
}

export interface FileReading {
  encoding: TextEncoding;
  /** Bytes of the head not valid in its encoding, read as U+FFFD: the screen warns of them. */
  replaced: number;
  /** The format the content shows; `format` is the one used (the same, or plain CSV on request). */
  detected: ImportFormat;
  format: ImportFormat;
  csv: CsvOptions;
  head: ImportHead;
  /** The first records, for the guesses and the preview. */
  records: ImportRecord[];
  /** The pictures a zip (or a Tellico XML, inside it) holds, by the name records give them (pictureName). */
  pictures: Set<string>;
  /** A Tellico XML that may hold its pictures further on than its head: its picture fields are mapped too. */
  embedsPictures?: boolean;
  /** The program's loans the records read hold (Tellico's: all it lists at its end), and to how many borrowers. */
  loans: { loans: number; borrowers: number };
}

/** Reads the head of a file as the server will. Throws ImportFileError for a file it cannot read. */
export async function readImportFile(file: Blob, choices: ReadChoices): Promise<FileReading> {
  const start = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  // A zip is read whole (the server takes the same document out of it); a file alone, by its head.
  const archive = isZip(start) ? new Uint8Array(await file.arrayBuffer()) : null;
  const document = archive ? zipDocument(archive).bytes : null;
  const bytes = document ? document.subarray(0, HEAD_BYTES) : new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const whole = document ? document.length <= HEAD_BYTES : file.size <= HEAD_BYTES;
  refuseNonDocument(bytes);
  const encoding = choices.encoding === 'auto' ? detectEncoding(bytes) : choices.encoding;
  const { text, replaced } = decodeText(bytes, encoding, { cut: !whole });
  const detected = detectFormat(text);
  const format = choices.format === 'csv' ? 'csv' : detected;
  const csv = csvOptionsOf(format, text, choices.csv ?? undefined);
  const head = readHead(format, text, csv, { gcm: archive && format === 'gcstar' ? zipGcstarModel(archive) : null });
  const records = readSample(head, csv, text, whole);
  const embedded = !archive && embedsPictures(head);
  const pictures = archive
    ? new Set(zipEntryNames(archive).filter(isImageName).map(pictureName))
    : embedded
      ? embeddedPictureNames(text)
      : new Set<string>();
  // Tellico lists its loans after its entries: the file's last 256 KB, as the server reads them.
  const tail =
    format === 'tellico' ? (document ? document.subarray(-HEAD_BYTES) : new Uint8Array(await file.slice(-HEAD_BYTES).arrayBuffer())) : null;
  const loans = previewLoans(records, tail ? tellicoLoans(decodeText(tail, encoding).text) : new Map());
  // Its pictures follow its entries: a head cut before them says nothing of whether it has some.
  return {
    encoding,
    replaced,
    detected,
    format,
    csv,
    head,
    records,
    pictures,
    embedsPictures: embedded && (!whole || pictures.size > 0),
    loans,
  };
}

export type FieldTarget =
  { kind: 'ignore' } | { kind: 'existing'; property: string } | { kind: 'new'; label: string; type: PropertyType; multiple: boolean };

export interface FieldDraft {
  field: string;
  /** The field's name as the file gives it (empty for a CSV without a header). */
  label: string;
  /** The field's position, for naming a column without a header. */
  index: number;
  target: FieldTarget;
  split: string | null;
  /** The field names pictures (a cover in a Tellico or GCstar file): it goes to image properties only. */
  pictures: boolean;
  /** The field's texts are web addresses: they may go to an image property, whose pictures are fetched. */
  addresses: boolean;
  /** The scale its numbers are on when they are ratings out of 10 or 100 (read as 0–5 by a rating property). */
  scale?: RatingScale | null;
  /** The template key the field means: a new property takes it as its key, so the server names it in each reader's language. */
  meaning?: string;
}

export interface ImportDraft {
  dateOrder: DateOrder;
  keyField: string | null;
  /** The field guessed to name the items (its new property is the title, when the collection has none yet). */
  title?: string | null;
  /** Fetch pictures given by address into the collection (the plan's `covers`). */
  covers: boolean;
  fields: FieldDraft[];
}

export const canReceiveText = (type: PropertyType) => !MEDIA_PROPERTY_TYPES.includes(type);
/** Types a text cell can become: files and pictures come from zips and addresses, not from text. */
export const IMPORTABLE_TYPES: readonly PropertyType[] = PROPERTY_TYPES.filter(canReceiveText);

type FieldKind = Pick<FieldDraft, 'pictures' | 'addresses'>;

/**
 * The properties a field may go to: image properties for a field of pictures, the others for texts, and
 * both for a field of addresses (pictures fetched, or links kept as text).
 */
export const propertiesFor = (field: FieldKind, properties: readonly Property[]) =>
  properties.filter((p) => (field.pictures ? p.type === 'image' : canReceiveText(p.type) || (field.addresses && p.type === 'image')));

/** The types a new property for the field may have. */
export const typesFor = (field: FieldKind): readonly PropertyType[] =>
  field.pictures ? ['image'] : field.addresses ? [...IMPORTABLE_TYPES, 'image'] : IMPORTABLE_TYPES;

/** An address that names a picture file by its extension: a CSV column of them is taken for pictures. */
const PICTURE_FILE = /\.(png|jpe?g|gif|webp)([?#].*)?$/i;

const comparable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Column names that identify a row: a good key for finding items again on the next run. */
const KEY_LABELS = new Set(['id', 'isbn', 'isbn13', 'isbn10', 'ean', 'upc', 'barcode', 'code', 'ref', 'reference', 'sku', 'asin']);

/** The property a field most likely fills: same key as the template's, same label, or same key as its label. */
function matchProperty(label: string, target: string | undefined, usable: readonly Property[]): Property | undefined {
  const wanted = comparable(label);
  return (
    (target ? usable.find((p) => p.key === target) : undefined) ??
    (wanted ? usable.find((p) => comparable(p.label) === wanted || comparable(p.key) === wanted) : undefined)
  );
}

/** A first mapping: each field onto a matching property, else a new one, within the collection's limit. */
export function defaultDraft(reading: FileReading, properties: readonly Property[]): ImportDraft {
  const { head, records } = reading;
  const textsOf = (field: string) => records.flatMap((r) => r.values[field] ?? []);
  const dateOrder = reading.format === 'csv' ? guessDateOrder(head.fields.flatMap((f) => textsOf(f.key))) : 'ymd';
  let room = MAX_PROPERTIES - properties.length;
  // The field that names the items: by its name in English or French, else the first text filled in every record.
  const titleProperty = properties.find((p) => p.isTitle && canReceiveText(p.type));
  const titleTaken = titleProperty && head.fields.some((f) => matchProperty(f.label, f.target, [titleProperty]));
  const title = titleTaken
    ? null
    : guessTitleField(
        head.fields.filter((f) => f.type !== 'image'),
        records,
        dateOrder,
      );
  const fields = head.fields.map((field, index): FieldDraft => {
    const texts = textsOf(field.key);
    const pictures = reading.format !== 'csv' && field.type === 'image';
    const addresses = texts.length > 0 && texts.every(isPictureAddress);
    const kind = { pictures, addresses };
    const match =
      matchProperty(field.label, field.target, propertiesFor(kind, properties)) ?? (field.key === title ? titleProperty : undefined);
    let guess =
      reading.format === 'csv' ? guessField(field.label, texts, dateOrder) : { type: field.type, multiple: field.multiple, split: null };
    if (
      reading.format === 'csv' &&
      addresses &&
      texts.every((t) => t.split(guess.split ?? /\s/).every((piece) => PICTURE_FILE.test(piece.trim())))
    ) {
      guess = { ...guess, type: 'image' };
    }
    const split = match?.multiple || (!match && guess.multiple) ? guess.split : null;
    const base = {
      field: field.key,
      label: field.label,
      index,
      ...kind,
      scale: ratingScale(texts),
      ...(field.target && { meaning: field.target }),
    };
    // Pictures come with a zip, or by address; a file alone that names pictures it does not hold gives none.
    if (pictures && reading.pictures.size === 0 && !reading.embedsPictures && !addresses)
      return { ...base, target: { kind: 'ignore' }, split: null };
    if (match) return { ...base, target: { kind: 'existing', property: match.key }, split };
    // A column without a header nor anything in the records read is left out (it can still be mapped by
    // hand); one with a header is kept as text, for what its later records hold.
    if (room <= 0 || (reading.format === 'csv' && texts.length === 0 && field.label === ''))
      return { ...base, target: { kind: 'ignore' }, split: null };
    room -= 1;
    return { ...base, target: { kind: 'new', label: field.label, type: guess.type, multiple: guess.multiple }, split };
  });
  const keyField =
    reading.format === 'csv'
      ? (head.fields.find((f) => {
          const texts = textsOf(f.key);
          return KEY_LABELS.has(comparable(f.label)) && texts.length === records.length && new Set(texts).size === texts.length;
        })?.key ?? null)
      : null;
  return { dateOrder, keyField, title, covers: true, fields };
}

/** A new property's label: the one typed, else the file's, else "Column N" as the caller words it. */
const newLabel = (draft: FieldDraft, label: string, columnName: (n: number) => string) =>
  // A header longer than a property's label (a row read with the wrong separator, a sentence) is cut to fit.
  (label.trim() || draft.label.trim() || columnName(draft.index + 1)).slice(0, PROPERTY_LABEL_MAX_LENGTH).trim();

/** The keys the draft's new properties get: from their labels, unique beside the collection's. */
export function newPropertyKeys(
  draft: ImportDraft,
  properties: readonly Property[],
  columnName: (n: number) => string,
): Map<string, string> {
  const taken = new Set(properties.map((p) => p.key));
  const keys = new Map<string, string>();
  for (const field of draft.fields) {
    if (field.target.kind !== 'new') continue;
    const base = field.meaning ?? (keyFromLabel(newLabel(field, field.target.label, columnName)) || `column_${field.index + 1}`);
    let key = base;
    for (let n = 2; taken.has(key); n += 1) key = `${base.slice(0, PROPERTY_KEY_MAX_LENGTH - String(n).length - 1)}_${n}`;
    taken.add(key);
    keys.set(field.field, key);
  }
  return keys;
}

/** The field whose new property names the items, when the collection has no title property yet. */
function titleField(draft: ImportDraft, properties: readonly Property[]): string | null {
  if (properties.some((p) => p.isTitle)) return null;
  const candidates = draft.fields.filter((f) => f.target.kind === 'new' && f.target.type === 'text' && !f.target.multiple);
  const byLabel = [2, 1].flatMap((score) => candidates.filter((f) => titleLabelScore(f.label) === score));
  return (candidates.find((f) => f.field === draft.title) ?? byLabel[0] ?? candidates[0])?.field ?? null;
}

/** The plan the server receives for this reading and draft. */
export function planOf(
  reading: FileReading,
  draft: ImportDraft,
  properties: readonly Property[],
  columnName: (n: number) => string,
): ImportPlanInput {
  const keys = newPropertyKeys(draft, properties, columnName);
  const title = titleField(draft, properties);
  return {
    format: reading.format,
    encoding: reading.encoding,
    csv: reading.format === 'csv' ? reading.csv : null,
    keyField: draft.keyField,
    dateOrder: draft.dateOrder,
    covers: draft.covers,
    guessTitle: false,
    fields: draft.fields.flatMap((f): ImportPlanInput['fields'] => {
      if (f.target.kind === 'ignore') return [];
      const property = f.target.kind === 'existing' ? f.target.property : null;
      const rating =
        f.target.kind === 'new' ? f.target.type === 'rating' : properties.some((p) => p.key === property && p.type === 'rating');
      const scale = rating && f.scale ? { scale: f.scale } : {};
      if (f.target.kind === 'existing') return [{ field: f.field, property: f.target.property, create: null, split: f.split, ...scale }];
      // A Vitrine export's own settings go with the property it makes (the server applies them to an empty collection).
      const settings = reading.head.fields.find((field) => field.key === f.field)?.settings ?? null;
      const create = {
        label: newLabel(f, f.target.label, columnName),
        type: f.target.type,
        multiple: f.target.multiple,
        title: f.field === title,
        settings,
      };
      return [{ field: f.field, property: keys.get(f.field)!, create, split: f.split, ...scale }];
    }),
  };
}

/** What mapRecord needs for the preview: the plan's field mappings and every property they reach. */
export function previewMapping(
  plan: ImportPlanInput,
  properties: readonly Property[],
): { mappings: FieldMapping[]; targets: MappedProperty[] } {
  const targets = new Map<string, MappedProperty>(
    properties.map((p) => [p.key, { key: p.key, type: p.type, multiple: p.multiple, required: p.required }]),
  );
  for (const f of plan.fields) {
    if (f.create) targets.set(f.property, { key: f.property, type: f.create.type, multiple: f.create.multiple, required: false });
  }
  const mappings = plan.fields.map((f) => ({ field: f.field, property: f.property, split: f.split ?? null, scale: f.scale ?? null }));
  const reached = new Set(mappings.map((m) => m.property));
  // Required properties take part even unmapped: the preview flags records that would lack them.
  return { mappings, targets: [...targets.values()].filter((t) => reached.has(t.key) || t.required) };
}

/** Whether the draft sends a field of addresses to an image property: then covers are fetched (if wanted). */
export function fetchesCovers(draft: ImportDraft, properties: readonly Property[]): boolean {
  return draft.fields.some(
    (f) =>
      f.addresses &&
      ((f.target.kind === 'new' && f.target.type === 'image') ||
        (f.target.kind === 'existing' &&
          properties.some((p) => p.key === (f.target as { property: string }).property && p.type === 'image'))),
  );
}
