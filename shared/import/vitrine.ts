// Vitrine's own export (JSON), versioned: the collection, its properties, then its items with their
// values by property key. Items come last, so that a file of any size is read back a window at a time
// like the other JSON formats. Importing it fills a collection with the same properties and values.
import {
  BORROW_LEVELS,
  COLLECTION_TYPES,
  ITEM_QUANTITY_MAX,
  PROPERTY_TYPES,
  VISIBILITY_LEVELS,
  type PropertyType,
  type TemplateType,
} from '../catalogue';
import { LOAN_STATES } from '../lending';
import type { PropertySettings } from '../schemas/properties';
import { putValues, importField, type RecordItem, type RecordLoan, type ImportField, type ImportRecord } from './records';

export const VITRINE_EXPORT_FORMAT = 'vitrine';
export const VITRINE_EXPORT_VERSION = 1;

/** The export's beginning: it says what it is before anything else. */
export const isVitrineHead = (head: string) => /^\s*\{\s*"format"\s*:\s*"vitrine"/.test(head);

/** A property as the export describes it. */
export interface ExportedProperty {
  key: string;
  label: string;
  type: PropertyType;
  multiple: boolean;
  isTitle: boolean;
  isSubtitle: boolean;
  isCover: boolean;
  isReference: boolean;
  suffix: string | null;
  description: string | null;
  /** Its settings (exports made before they were written leave them out). */
  hideLabel?: boolean;
  inSummary?: boolean;
  required?: boolean;
  filterable?: boolean;
  searchable?: boolean;
  sortable?: boolean;
  visibility?: number;
  /** The template whose label it carries, read in each reader's language (null: the owner's own label). */
  labelTemplate?: string | null;
}

/**
 * A loan of an item, in the owner's export: who borrowed it, when, and where it stands. It is the loan
 * an import reads back, always dated (the reader also takes exports that left the date out).
 */
export interface ExportedLoan extends RecordLoan {
  createdAt: string;
}

/** An item as the export holds it. */
export interface ExportedItem {
  id: number;
  quantity: number;
  values: Record<string, unknown>;
  /** The owner's export only: the item's loans and requests, oldest first. */
  loans?: ExportedLoan[];
  /** The owner's export only: who sees the item (null: as the collection says) and who may borrow it. */
  visibility?: number | null;
  borrowable?: number | null;
  createdAt: string;
  updatedAt: string;
}

/** The document, items aside (they follow in the same object). */
export interface ExportHead {
  format: typeof VITRINE_EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  collection: {
    name: string;
    description: string | null;
    type: string;
    tags: string[];
    /** The owner's export only: the collection's own settings and its picture (a file among the pictures). */
    settings?: ExportedCollectionSettings;
    image?: string | null;
  };
  properties: ExportedProperty[];
}

/** Who sees the collection, who may borrow from it, and its loans' terms. */
export interface ExportedCollectionSettings {
  visibility: number;
  borrowable: number;
  loanPeriodDays: number;
  reminderDays: number;
  /** Days to answer a waiting list's offer (exports before waiting lists leave it out). */
  offerDays?: number;
}

const asTemplate = (type: unknown): TemplateType | null =>
  (COLLECTION_TYPES as readonly string[]).includes(type as string) ? (type as TemplateType) : null;

const SETTING_FLAGS = [
  'isSubtitle',
  'isCover',
  'isReference',
  'hideLabel',
  'inSummary',
  'required',
  'filterable',
  'searchable',
  'sortable',
] as const;

/** A property's settings as the export gives them: what is there and of the right kind (the server checks them again). */
function settingsOf(p: Partial<ExportedProperty>): PropertySettings {
  const settings: PropertySettings = {};
  for (const flag of SETTING_FLAGS) if (typeof p[flag] === 'boolean') settings[flag] = p[flag];
  if ((VISIBILITY_LEVELS as readonly unknown[]).includes(p.visibility))
    settings.visibility = p.visibility as PropertySettings['visibility'];
  if (typeof p.suffix === 'string') settings.suffix = p.suffix;
  if (typeof p.description === 'string') settings.description = p.description;
  return settings;
}

/** The fields of an export: its properties, each aimed at the property of the same key. */
export function vitrineHead(members: Record<string, unknown>): { fields: ImportField[]; collectionType: TemplateType | null } {
  const head = members as Partial<ExportHead>;
  const fields = (Array.isArray(head.properties) ? head.properties : []).flatMap((p) => {
    if (!p || typeof p.key !== 'string') return [];
    const type = (PROPERTY_TYPES as readonly string[]).includes(p.type) ? p.type : 'text';
    return [
      { ...importField(p.key, typeof p.label === 'string' ? p.label : p.key, type, p.key, Boolean(p.multiple)), settings: settingsOf(p) },
    ];
  });
  return { fields, collectionType: asTemplate(head.collection?.type) };
}

/** A value as texts the mapping reads again: lists value by value, objects (JSON values) as JSON. */
function texts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value === null || value === undefined) return [];
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

const LOAN_TEXT_MAX = 5_000;
/** A date (YYYY-MM-DD) or a timestamp as the export writes them; anything else is left out. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const dateOf = (value: unknown) => (typeof value === 'string' && DATE.test(value) ? value : null);
const timestampOf = (value: unknown) => (typeof value === 'string' && TIMESTAMP.test(value) ? value : null);
const textOf = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value.slice(0, LOAN_TEXT_MAX) : null);
const levelOf = (levels: readonly number[], value: unknown) => (levels.includes(value as number) ? (value as number) : null);
/** Loans an item brings at most: a long lending history, not a file's whole weight. */
const LOANS_PER_ITEM = 500;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A loan as the export gives it, when it is one: a known state and a borrower with a name (and an email, if valid). */
function loanOf(value: unknown): RecordLoan[] {
  const loan = (value && typeof value === 'object' ? value : {}) as Partial<ExportedLoan>;
  const name = textOf(loan.borrower?.name)?.trim().slice(0, 200);
  const given = textOf(loan.borrower?.email)?.trim().toLowerCase();
  // A borrower the owner recorded by name alone has no email: the loan still comes back.
  const email = given && given.length <= 254 && EMAIL.test(given) ? given : null;
  if (!(LOAN_STATES as readonly unknown[]).includes(loan.state) || !name) return [];
  return [
    {
      state: loan.state!,
      borrower: { name, email },
      message: textOf(loan.message),
      notes: textOf(loan.notes),
      wantedFrom: dateOf(loan.wantedFrom),
      wantedUntil: dateOf(loan.wantedUntil),
      lentOn: dateOf(loan.lentOn),
      dueOn: dateOf(loan.dueOn),
      returnedOn: dateOf(loan.returnedOn),
      createdAt: timestampOf(loan.createdAt),
    },
  ];
}

/** The item's own settings, dates and loans, as far as the export gives them rightly. */
function recordItemOf(record: Partial<ExportedItem>): RecordItem {
  const quantity =
    Number.isSafeInteger(record.quantity) && record.quantity! >= 1 && record.quantity! <= ITEM_QUANTITY_MAX ? record.quantity! : 1;
  return {
    quantity,
    visibility: levelOf(VISIBILITY_LEVELS, record.visibility),
    borrowable: levelOf(BORROW_LEVELS, record.borrowable),
    createdAt: timestampOf(record.createdAt),
    updatedAt: timestampOf(record.updatedAt),
    loans: (Array.isArray(record.loans) ? record.loans.slice(0, LOANS_PER_ITEM) : []).flatMap(loanOf),
  };
}

export function vitrineRecord(row: number, item: unknown, fields: readonly ImportField[]): ImportRecord {
  const record = (item && typeof item === 'object' ? item : {}) as Partial<ExportedItem>;
  const values: Record<string, string[]> = {};
  for (const field of fields) {
    const value = record.values?.[field.key];
    // A JSON property's value is one value, whatever its shape.
    putValues(values, field.key, field.type === 'json' && value !== undefined ? [JSON.stringify(value)] : texts(value));
  }
  return { row, id: typeof record.id === 'number' ? String(record.id) : null, values, item: recordItemOf(record) };
}
