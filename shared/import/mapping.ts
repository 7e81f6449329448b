// From a file's records to a collection's values: each field goes to a property (or nowhere), its texts
// become typed values by lenient rules that read what spreadsheets write ("1 234,5", "2024/01/15",
// "oui"), then the same normalizer as any form checks them. The browser shows the preview from this
// code; the Worker imports with it; so the preview is exactly what is stored.
import { LONGTEXT_VALUE_MAX_LENGTH, MAX_VALUES_PER_PROPERTY, TEXT_VALUE_MAX_LENGTH, type PropertyType } from '../catalogue';
import { normalizeValue } from '../values';
import { htmlToText } from './html';
import { mediaCell } from './media-cells';
import type { ImportFormat, ImportRecord } from './records';

export const DATE_ORDERS = ['ymd', 'dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/** Where one field of the file goes. */
export interface FieldMapping {
  field: string;
  /** The property's key in the collection. */
  property: string;
  /** Splits each text into several values (for a multiple property): ",", ";", "|"… */
  split: string | null;
  /** For a rating: the scale the file's numbers are on (10 or 100), read as Vitrine's 0–5. */
  scale?: RatingScale | null;
}

export const RATING_SCALES = [10, 100] as const;
export type RatingScale = (typeof RATING_SCALES)[number];

/** The part of a collection's property that mapping needs. */
export interface MappedProperty {
  key: string;
  type: PropertyType;
  multiple: boolean;
  required: boolean;
}

export interface CellProblem {
  field: string;
  property: string;
  /**
   * A reason of shared/values.ts (invalid_number, invalid_date…): the cell is left out; too_many_values
   * or text_cut: the values are cut; required: the record lacks a value it must have.
   */
  reason: string;
  /** The text that could not be read, cut to a length that fits a report. */
  text: string;
  /** The record is refused for it (a required value missing); otherwise the record is imported without the cell. */
  refuses: boolean;
}

export interface MappedRecord {
  row: number;
  ref: string;
  values: Record<string, unknown>;
  problems: CellProblem[];
  /** Nothing in the record went anywhere: passed over, not imported. */
  blank: boolean;
  /** A problem refuses the record (see CellProblem.refuses): it is not imported. */
  refused: boolean;
}

const PROBLEM_TEXT_MAX = 80;

/** "1 234,5", "1,234.5", "12,5" → 1234.5, 1234.5, 12.5 (the last separator is the decimal one). */
function readNumber(text: string): string {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    return lastComma > lastDot ? compact.replaceAll('.', '').replace(',', '.') : compact.replaceAll(',', '');
  }
  // One comma and not three digits after it reads as a decimal comma; 1,234 as thousands.
  if (lastComma >= 0) return /^-?\d{1,3}(,\d{3})+$/.test(compact) ? compact.replaceAll(',', '') : compact.replace(',', '.');
  return compact;
}

const pad = (n: string) => n.padStart(2, '0');

/** 2024-01-15, 2024/1/15, 15/01/2024 (day first) or 01/15/2024 (month first) → 2024-01-15. */
function readDate(text: string, order: DateOrder): string {
  const trimmed = text.trim();
  const ymd = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(trimmed);
  if (ymd) return `${ymd[1]}-${pad(ymd[2]!)}-${pad(ymd[3]!)}`;
  const other = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(trimmed);
  if (other) {
    const [day, month] = order === 'mdy' ? [other[2]!, other[1]!] : [other[1]!, other[2]!];
    return `${other[3]}-${pad(month)}-${pad(day)}`;
  }
  return trimmed;
}

const YES = new Set(['true', 'yes', 'y', '1', 'x', 'oui', 'o', 'vrai', '✓', '✔']);
const NO = new Set(['false', 'no', 'n', '0', 'non', 'faux']);

/**
 * A number written with words or a unit around it: "102 min", "3 - Neutral", "€ 12,50", "1 234 pages".
 * Only a currency sign may come before it (so "S2" is not 2), and nothing after it holds a digit.
 */
function numberAmongWords(text: string): number | null {
  const match = /^[$€£¥~≈]?\s*([-+]?\d[\d\s\u00a0\u202f.,']*?)\s*(?:[^\d\s.,'][^\d]*)?$/.exec(text.trim());
  if (!match) return null;
  const n = Number(readNumber(match[1]!));
  return Number.isFinite(n) ? n : null;
}

/** A rating as Vitrine keeps it (0–5 in halves): a share ("8/10"), a number on the column's scale, or among words, rounded to a half. */
function readRating(text: string, scale: RatingScale | null): { ok: true; value: unknown } | { ok: false; reason: string } {
  const share = /^\s*(\d+(?:[.,]\d+)?)\s*\/\s*(\d+(?:[.,]\d+)?)\s*$/.exec(text);
  let n: number | null;
  if (share) {
    const outOf = Number(readNumber(share[2]!));
    n = outOf > 0 ? (Number(readNumber(share[1]!)) * 5) / outOf : null;
  } else {
    const plain = Number(readNumber(text));
    n = Number.isFinite(plain) && readNumber(text) !== '' ? plain : numberAmongWords(text);
    if (n !== null && scale) n = (n * 5) / scale;
  }
  if (n === null || !Number.isFinite(n)) return { ok: false, reason: 'invalid_rating' };
  return normalizeValue('rating', Math.round(n * 2) / 2);
}

export interface CoerceOptions {
  /** For a rating: the scale of the file's numbers. */
  scale?: RatingScale | null;
  /** Only the plain readings (the guesses of a column's type): no number found among words, no rounding. */
  strict?: boolean;
}

/** One text of the file as a value of a content type, or why it cannot be. */
export function coerceText(
  type: PropertyType,
  text: string,
  order: DateOrder,
  options: CoerceOptions = {},
): { ok: true; value: unknown } | { ok: false; reason: string } {
  switch (type) {
    case 'number': {
      const exact = normalizeValue(type, readNumber(text));
      if (exact.ok || options.strict) return exact;
      const n = numberAmongWords(text);
      return n === null ? exact : normalizeValue(type, n);
    }
    case 'rating':
      return options.strict ? normalizeValue(type, readNumber(text)) : readRating(text, options.scale ?? null);
    case 'date':
      return normalizeValue(type, readDate(text, order));
    case 'datetime': {
      // A full date and time (an export's) stays as it is; a date alone is that day at midnight.
      const exact = normalizeValue(type, text);
      if (exact.ok) return exact;
      const date = readDate(text, order);
      return normalizeValue(type, /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : text);
    }
    case 'yesno': {
      const word = text.trim().toLowerCase();
      if (YES.has(word)) return { ok: true, value: true };
      if (NO.has(word)) return { ok: true, value: false };
      return { ok: false, reason: 'invalid_yesno' };
    }
    case 'image':
    case 'file':
      // Pictures come with the file (a zip's), found by name through mapRecord's `images`; not as text.
      return { ok: false, reason: 'not_importable' };
    default:
      return normalizeValue(type, text);
  }
}

/** How pictures are named across formats: the file's name without its folders, in lower case. */
export const pictureName = (path: string) => (path.split(/[\\/]/).pop() ?? path).trim().toLowerCase();

/** A picture given by its address on the web (a BoardGameGeek or CSV cover), fetched by the import. */
export const isPictureAddress = (text: string) => /^https?:\/\/\S+$/i.test(text.trim());

/** The name a record's picture is found by: its address as written, else its file name (pictureName). */
export const pictureKey = (text: string) => (isPictureAddress(text) ? text.trim() : pictureName(text));

/**
 * A short, stable fingerprint of a record's texts, for files without an identifier: the same row read
 * again gives the same reference, so running an import twice never duplicates it. (FNV-1a, 64 bits.)
 */
export function fingerprint(parts: readonly string[]): string {
  let hash = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 1) {
      hash ^= BigInt(part.charCodeAt(i));
      hash = (hash * prime) & mask;
    }
    hash ^= 0x1fn;
    hash = (hash * prime) & mask;
  }
  return hash.toString(36);
}

/** A format's records' references share another format's when both are the same program's (LibraryThing's JSON and TSV). */
export const REF_PREFIXES: Partial<Record<ImportFormat, string>> = { goodreads_rss: 'goodreads', librarything_csv: 'librarything' };

/**
 * The reference that finds a record's item again: the format and the file's identifier, else the
 * chosen key field's text, else a fingerprint of everything the record holds.
 */
export function recordRef(format: ImportFormat, record: ImportRecord, keyField: string | null): string {
  // A Goodreads shelf's feed names books as Goodreads' export does: the same books, the same items.
  if (record.id) return `${REF_PREFIXES[format] ?? format}:${record.id}`;
  const key = keyField ? record.values[keyField]?.[0]?.trim() : undefined;
  if (key) return `${format}:key:${key}`;
  const parts = Object.keys(record.values)
    .sort()
    .flatMap((k) => [k, ...record.values[k]!]);
  return `${format}:row:${fingerprint(parts)}`;
}

export interface MapOptions {
  dateOrder: DateOrder;
  /**
   * The files the import brought: pictures of its zip or fetched from their addresses, files of a
   * backup being restored; by the name a record gives (see pictureKey), and their values.
   */
  images?: ReadonlyMap<string, string>;
  /** Texts are Vitrine's own values (a restore, an export read back): kept as written, never read as HTML. */
  verbatim?: boolean;
}

/** A record's values for the collection's properties, with every text that could not be read. */
export function mapRecord(
  format: ImportFormat,
  record: ImportRecord,
  mappings: readonly FieldMapping[],
  properties: readonly MappedProperty[],
  options: MapOptions & { keyField: string | null },
): MappedRecord {
  const values = mapValues(record.values, mappings, properties, format === 'vitrine' ? { ...options, verbatim: true } : options);
  return { row: record.row, ref: recordRef(format, record, options.keyField), ...values };
}

/** Texts by field as values of the collection's properties (an import's record, a source's hit). */
export function mapValues(
  texts: Readonly<Record<string, readonly string[] | undefined>>,
  mappings: readonly FieldMapping[],
  properties: readonly MappedProperty[],
  options: MapOptions,
): Pick<MappedRecord, 'values' | 'problems' | 'blank' | 'refused'> {
  const byKey = new Map(properties.map((p) => [p.key, p]));
  const collected = new Map<string, unknown[]>();
  const problems: CellProblem[] = [];
  const storedFile = (text: string) => options.images?.get(pictureKey(text));
  let blank = true;
  for (const mapping of mappings) {
    const property = byKey.get(mapping.property);
    const fieldTexts = texts[mapping.field];
    if (!property || !fieldTexts) continue;
    // Markup in a description ("<p>…</p>", "&amp;") is stored as the plain text it shows.
    const plain = !options.verbatim && (property.type === 'text' || property.type === 'longtext') ? fieldTexts.map(htmlToText) : fieldTexts;
    const pieces = plain
      .flatMap((t) => (mapping.split ? t.split(mapping.split) : [t]))
      .map((t) => t.trim())
      .filter((t) => t !== '');
    for (const piece of pieces) {
      blank = false;
      // Stored files come only from those the import brought (see media-cells.ts), never from a text.
      let result =
        mediaCell(property.type, piece, storedFile) ??
        coerceText(property.type, piece, options.dateOrder, { scale: mapping.scale ?? null });
      if (!result.ok && result.reason === 'too_big' && (property.type === 'text' || property.type === 'longtext')) {
        // A text longer than a value may be is kept cut, and the report says so.
        result = normalizeValue(
          property.type,
          piece.slice(0, property.type === 'text' ? TEXT_VALUE_MAX_LENGTH : LONGTEXT_VALUE_MAX_LENGTH),
        );
        problems.push({
          field: mapping.field,
          property: property.key,
          reason: 'text_cut',
          text: piece.slice(0, PROBLEM_TEXT_MAX),
          refuses: false,
        });
      }
      if (!result.ok) {
        // A cell that cannot be this property's value is left out; the record is imported without it.
        problems.push({
          field: mapping.field,
          property: property.key,
          reason: result.reason,
          text: piece.slice(0, PROBLEM_TEXT_MAX),
          refuses: false,
        });
      } else if (result.value !== null) {
        collected.set(property.key, [...(collected.get(property.key) ?? []), result.value]);
      }
    }
  }
  const values: Record<string, unknown> = {};
  for (const [key, list] of collected) {
    const property = byKey.get(key)!;
    if (property.multiple) {
      const distinct = [...new Map(list.map((v) => [JSON.stringify(v), v])).values()];
      if (distinct.length > MAX_VALUES_PER_PROPERTY) {
        problems.push({ field: '', property: key, reason: 'too_many_values', text: String(distinct.length), refuses: false });
      }
      values[key] = distinct.slice(0, MAX_VALUES_PER_PROPERTY);
    } else {
      // Several texts for one single value: texts join (two author columns into one), others keep the first.
      values[key] = list.length > 1 && (property.type === 'text' || property.type === 'longtext') ? list.join(', ') : list[0];
    }
  }
  for (const property of properties) {
    if (property.required && values[property.key] === undefined && !blank) {
      problems.push({ field: '', property: property.key, reason: 'required', text: '', refuses: true });
    }
  }
  return { values, problems, blank, refused: problems.some((p) => p.refuses) };
}
