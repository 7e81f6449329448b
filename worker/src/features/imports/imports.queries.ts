// Reading import runs and their reports.
import { and, desc, eq } from 'drizzle-orm';
import type { ImportFileProblem } from '@shared/import/errors';
import type { ImportFormat } from '@shared/import/records';
import type { ImportProblem, ImportReport, ImportRun, ImportStatus } from '@shared/schemas/imports';
import { imports } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';

type RunRow = typeof imports.$inferSelect;

/** Runs shown in a collection's history. */
const HISTORY_LENGTH = 20;
/** Problems a report lists; the counts still say how many there were. */
const REPORT_PROBLEMS_MAX = 1000;

export async function listImports(db: Db, collectionId: number): Promise<RunRow[]> {
  return db.select().from(imports).where(eq(imports.collectionId, collectionId)).orderBy(desc(imports.id)).limit(HISTORY_LENGTH);
}

export async function loadRun(db: Db, collectionId: number, id: number): Promise<RunRow> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.collectionId, collectionId), eq(imports.id, id)))
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** Cover problems a report lists. */
const REPORT_COVER_PROBLEMS_MAX = 200;

/**
 * How far a run is, 0 to 1: reading the file is the first tenth (by bytes), fetching covers (when it
 * does) the next three, writing the rest (by records).
 */
function progressOf(row: RunRow): number {
  if (row.status === 'done') return 1;
  if (row.status === 'fetching') return 0;
  if (row.status === 'checking') return row.fileLength > 0 ? (0.1 * row.position) / row.fileLength : 0;
  if (row.total === null || row.total === 0) return 0.1;
  const writing = row.coversWanted ? 0.6 : 0.9;
  const covers = row.coversWanted ? 0.3 * Math.min(1, row.coversWalked / row.total) : 0;
  return 0.1 + covers + (writing * row.processed) / row.total;
}

export function toRun(row: RunRow): ImportRun {
  return {
    id: row.id,
    collectionId: row.collectionId,
    format: row.format as ImportFormat,
    fileName: row.fileName,
    status: row.status as ImportStatus,
    total: row.total,
    processed: row.status === 'checking' ? 0 : row.processed,
    progress: Math.min(1, progressOf(row)),
    counts: { added: row.added, updated: row.updated, unchanged: row.unchanged, skipped: row.skipped, failed: row.failed },
    covers: row.coversWanted ? { fetched: row.coversFetched, failed: row.coversFailed } : null,
    sourceId: row.sourceId,
    error: row.error as ImportFileProblem | 'internal' | null,
    errorDetails: row.errorDetails ? (JSON.parse(row.errorDetails) as ImportRun['errorDetails']) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}

type Ranges = [number, number][];

/** Adds a row to ranges of consecutive rows. */
function addRow(ranges: Ranges, row: number) {
  const last = ranges[ranges.length - 1];
  if (last && last[1] === row - 1) last[1] = row;
  else ranges.push([row, row]);
}

/**
 * The run with its report, assembled from the rows its steps wrote (one per RECORDS_PER_STEP records).
 * The import page asks for it every couple of seconds while a run goes on: only the steps' outcome
 * letters are read whole, and the problems listed are cut inside SQLite, since parsing every step's
 * problems held a 77,600-record run's page (and the instance) for a second at each reading.
 */
export async function importReportOf(d1: D1Database, row: RunRow): Promise<ImportReport> {
  const [steps, listed] = await d1.batch<{ first_row: number; outcomes: string } & { problem: string }>([
    d1.prepare('SELECT first_row, outcomes FROM import_steps WHERE import_id = ? ORDER BY first_row').bind(row.id),
    d1
      .prepare(
        `SELECT p.value AS problem FROM import_steps s, json_each(s.problems) p
         WHERE s.import_id = ?1 AND s.problems <> '[]' ORDER BY s.first_row, p.key LIMIT ?2`,
      )
      .bind(row.id, REPORT_PROBLEMS_MAX),
  ]);
  const rows = { added: [] as Ranges, updated: [] as Ranges, unchanged: [] as Ranges };
  for (const step of steps!.results) {
    [...step.outcomes].forEach((letter, index) => {
      const at = step.first_row + index;
      if (letter === 'a') addRow(rows.added, at);
      else if (letter === 'u') addRow(rows.updated, at);
      else if (letter === 'n') addRow(rows.unchanged, at);
    });
  }
  // Reports written before records were named by their title have none.
  const problems = listed!.results.map(({ problem }) => {
    const parsed = JSON.parse(problem) as ImportProblem;
    return { ...parsed, title: parsed.title ?? null };
  });
  const covers = row.coversWanted
    ? (
        await d1
          .prepare(`SELECT name AS address, substr(value, 2) AS reason FROM import_media WHERE import_id = ? AND value LIKE '!%' LIMIT ?`)
          .bind(row.id, REPORT_COVER_PROBLEMS_MAX)
          .all<{ address: string; reason: string }>()
      ).results
    : [];
  return { ...toRun(row), rows, problems, coverProblems: covers };
}

/** Whether a collection holds any item (an import's property settings depend on it). */
export async function collectionHasItems(d1: D1Database, collectionId: number): Promise<boolean> {
  return (await d1.prepare('SELECT 1 FROM items WHERE collection_id = ?1 LIMIT 1').bind(collectionId).first()) !== null;
}
