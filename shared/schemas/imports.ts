import { z } from 'zod';
import { PROPERTY_LABEL_MAX_LENGTH, PROPERTY_TYPES } from '../catalogue';
import { CSV_DELIMITERS, CSV_MAX_COLUMNS, CSV_QUOTES } from '../import/csv';
import { IMPORT_FILE_PROBLEMS } from '../import/errors';
import { DATE_ORDERS, RATING_SCALES } from '../import/mapping';
import { IMPORT_FORMATS } from '../import/records';
import { TEXT_ENCODINGS } from '../import/text';
import { propertyKey, propertySettings } from './properties';

/** The largest file an import takes: the Worker keeps it whole in memory once, to decode it. */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
const FIELD_KEY_MAX_LENGTH = 40;

/** Where one field of the file goes: an existing property, or a new one the import creates first. */
export const importFieldPlan = z
  .object({
    field: z.string().min(1).max(FIELD_KEY_MAX_LENGTH),
    property: propertyKey,
    /** Create the property (it must not exist yet) with this label, type and multiple flag. */
    create: z
      .object({
        label: z.string().trim().min(1).max(PROPERTY_LABEL_MAX_LENGTH),
        type: z.enum(PROPERTY_TYPES),
        multiple: z.boolean(),
        /** The new property names the items (when the collection has no title property yet). */
        title: z.boolean().default(false),
        /** Its roles and settings (a Vitrine export's), applied when the collection holds no item yet. */
        settings: propertySettings.nullable().default(null),
      })
      .nullable()
      .default(null),
    /** Splits each text into several values at this separator. */
    split: z.string().min(1).max(5).nullable().default(null),
    /** For a rating property: the scale the file's numbers are on (10 or 100), read as 0–5. */
    scale: z
      .union(RATING_SCALES.map((n) => z.literal(n)))
      .nullable()
      .default(null),
  })
  .strict();
export type ImportFieldPlan = z.input<typeof importFieldPlan>;

/** Everything an import needs besides the file: as the browser's preview showed it. */
export const importPlan = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    encoding: z.enum(['auto', ...TEXT_ENCODINGS]).default('auto'),
    csv: z
      .object({ delimiter: z.enum(CSV_DELIMITERS), quote: z.enum(CSV_QUOTES), header: z.boolean() })
      .strict()
      .nullable()
      .default(null),
    /** The field whose text finds an item again on the next run (when the format has no identifier). */
    keyField: z.string().min(1).max(FIELD_KEY_MAX_LENGTH).nullable().default(null),
    dateOrder: z.enum(DATE_ORDERS).default('ymd'),
    /** Fetch the pictures records give as addresses (covers on the web) into the collection's media. */
    covers: z.boolean().default(true),
    /**
     * When no field goes to a required title, take the field that names the items (Name, Titre…). The
     * import screen sends false: its plan already says where the title comes from, and a column the person
     * left out stays out (a plan that then imports nothing is refused, with the fix).
     */
    guessTitle: z.boolean().default(true),
    fields: z.array(importFieldPlan).max(CSV_MAX_COLUMNS),
  })
  .strict();
export type ImportPlanInput = z.input<typeof importPlan>;
export type ImportPlan = z.output<typeof importPlan>;

export const IMPORT_STATUSES = ['fetching', 'checking', 'importing', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importCounts = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});

export const importRun = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Records in the file, once counted (null while the file is being read). */
  total: z.number().int().nullable(),
  processed: z.number().int(),
  /** 0–1: how far the whole run is (reading the file, then writing). */
  progress: z.number(),
  counts: importCounts,
  /** Pictures given by address: null when the run fetches none; else how many were stored and refused. */
  covers: z.object({ fetched: z.number().int(), failed: z.number().int() }).nullable(),
  /** The scheduled source the run came from (null for an uploaded file). */
  sourceId: z.number().int().nullable(),
  error: z.enum([...IMPORT_FILE_PROBLEMS, 'internal']).nullable(),
  errorDetails: z
    .object({
      row: z.number().int().optional(),
      limit: z.number().int().optional(),
      reason: z.string().optional(),
      status: z.number().int().optional(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRun>;

export const importRunList = z.object({ imports: z.array(importRun) });

/**
 * A record the import did not write, and why (skipped: blank, duplicate; failed: a value it must have is
 * missing or refused), or a cell of a record it wrote without that cell or with it cut (kept).
 */
export const importProblem = z.object({
  row: z.number().int(),
  outcome: z.enum(['skipped', 'failed', 'kept']),
  reason: z.string(),
  property: z.string().nullable(),
  text: z.string().nullable(),
  /** The record's title, when it has one: the report names records by it. */
  title: z.string().nullable().default(null),
});
export type ImportProblem = z.infer<typeof importProblem>;

/** Row numbers by outcome as ranges ([first, last]), and the problems, for the run's report. */
export const importReport = importRun.extend({
  rows: z.object({
    added: z.array(z.tuple([z.number().int(), z.number().int()])),
    updated: z.array(z.tuple([z.number().int(), z.number().int()])),
    unchanged: z.array(z.tuple([z.number().int(), z.number().int()])),
  }),
  problems: z.array(importProblem),
  /** Addresses that gave no picture, and why (a FetchProblem, or not_image). */
  coverProblems: z.array(z.object({ address: z.string(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReport>;
