// Vitrine's own export (JSON), versioned: the collection, its properties, then its items with their
// values by property key. Items come last, so that a file of any size is read back a window at a time
// like the other JSON formats. Importing it fills a collection with the same properties and values.
import { COLLECTION_TYPES, PROPERTY_TYPES, VISIBILITY_LEVELS, type PropertyType, type TemplateType } from '../catalogue';
import type { PropertySettings } from '../schemas/properties';
import { putValues, sourceField, type SourceField, type SourceRecord } from './source';

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
}

/** A loan of an item, in the owner's export: who borrowed it, when, and where it stands. */
export interface ExportedLoan {
  state: string;
  borrower: { name: string; email: string | null };
  message: string | null;
  notes: string | null;
  wantedFrom: string | null;
  wantedUntil: string | null;
  lentOn: string | null;
  dueOn: string | null;
  returnedOn: string | null;
  createdAt: string;
}

/** An item as the export holds it. */
export interface ExportedItem {
  id: number;
  quantity: number;
  values: Record<string, unknown>;
  /** The owner's export only: the item's loans and requests, oldest first. */
  loans?: ExportedLoan[];
  createdAt: string;
  updatedAt: string;
}

/** The document, items aside (they follow in the same object). */
export interface ExportHead {
  format: typeof VITRINE_EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  collection: { name: string; description: string | null; type: string; tags: string[] };
  properties: ExportedProperty[];
}

const asTemplate = (type: unknown): TemplateType | null =>
  (COLLECTION_TYPES as readonly string[]).includes(type as string) ? (type as TemplateType) : null;

const SETTING_FLAGS = ['isSubtitle', 'isCover', 'isReference', 'hideLabel', 'inSummary', 'required', 'filterable', 'searchable', 'sortable'] as const;

/** A property's settings as the export gives them: what is there and of the right kind (the server checks them again). */
function settingsOf(p: Partial<ExportedProperty>): PropertySettings {
  const settings: PropertySettings = {};
  for (const flag of SETTING_FLAGS) if (typeof p[flag] === 'boolean') settings[flag] = p[flag];
  if ((VISIBILITY_LEVELS as readonly unknown[]).includes(p.visibility)) settings.visibility = p.visibility as PropertySettings['visibility'];
  if (typeof p.suffix === 'string') settings.suffix = p.suffix;
  if (typeof p.description === 'string') settings.description = p.description;
  return settings;
}

/** The fields of an export: its properties, each aimed at the property of the same key. */
export function vitrineHead(members: Record<string, unknown>): { fields: SourceField[]; collectionType: TemplateType | null } {
  const head = members as Partial<ExportHead>;
  const fields = (Array.isArray(head.properties) ? head.properties : []).flatMap((p) => {
    if (!p || typeof p.key !== 'string') return [];
    const type = (PROPERTY_TYPES as readonly string[]).includes(p.type) ? p.type : 'text';
    return [{ ...sourceField(p.key, typeof p.label === 'string' ? p.label : p.key, type, p.key, Boolean(p.multiple)), settings: settingsOf(p) }];
  });
  return { fields, collectionType: asTemplate(head.collection?.type) };
}

/** A value as texts the mapping reads again: lists value by value, objects (JSON values) as JSON. */
function texts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value === null || value === undefined) return [];
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

export function vitrineRecord(row: number, item: unknown, fields: readonly SourceField[]): SourceRecord {
  const record = (item && typeof item === 'object' ? item : {}) as Partial<ExportedItem>;
  const values: Record<string, string[]> = {};
  for (const field of fields) {
    const value = record.values?.[field.key];
    // A JSON property's value is one value, whatever its shape.
    putValues(values, field.key, field.type === 'json' && value !== undefined ? [JSON.stringify(value)] : texts(value));
  }
  return { row, id: typeof record.id === 'number' ? String(record.id) : null, values };
}
