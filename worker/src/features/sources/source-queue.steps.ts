// The work of a queue of ISBNs or barcodes, a Workflow step at a time (source-queue.workflow.ts runs
// them): each step takes the next few codes still waiting, and for each one
// 1. an item of the collection already holding the code (in its reference property) makes it "owned";
// 2. else the sources are asked one after the other, in the collection type's order (one source when the
//    queue names it), until one knows the code — from the day's cache when someone looked it up before;
// 3. the first hit becomes an item through the collection's source mapping, its cover fetched into the
//    collection's media (a cover that cannot be fetched leaves the item without one). The item keeps the
//    source's record as its import reference: a later list giving the same record finds it held.
// The items, each code's outcome and the queue's counts are written in one D1 batch: a step that runs
// again after a failure finds its codes either done or not done, never half done.
import { drizzle } from 'drizzle-orm/d1';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { PropertyType } from '@shared/catalogue';
import type { SourceId, SourceMapping, SourceProblem, SourceQueueOutcome } from '@shared/schemas/sources';
import { effectiveSourceMapping, sourceValues } from '@shared/sources/mapping';
import { NOW_SQL } from '@worker/db/now';
import * as schema from '@worker/db/schema';
import type { Env } from '@worker/env';
import { fetchCover, wantThumbnails } from '@worker/lib/pictures';
import { findImported, importWrites, rankTuning, splitAfter, type ImportedDraft } from '../items/items.writer';
import { propertyRowsQuery } from '../properties/properties.queries';
import { externalSourcesOf } from './external-sources.queries';
import type { FoundHit } from './source';
import { askSources, itemsHoldingCodes, sourceAccessFrom, sourceOffers, sourceSettings, type SourceAccess } from './sources.service';

/**
 * Codes a step works on at most: each may ask up to three sources and fetch a cover (four subrequests
 * and an R2 write), and its item is about ten statements. Four codes a step took up to 10.36 ms of the
 * Worker's own CPU in `npm run bench -- --workflows` (four 200 KB covers read, checked and hashed), over
 * the free plan's 10 ms. Measured on the isolate alone (V8's profiler), two codes took 9.3 ms at the
 * median and over 10 ms in a third of the steps; one code took 6.9 to 8.9 ms at the median and up to
 * 12 at most. Most of that was the runtime's share of each call to D1: with the step's first seven reads
 * in one batch (queueContext), one code takes 3.5 ms at the median and about 6 at most, the headroom a
 * young-generation collection (up to 11 ms here) needs (docs/benchmarks.md). So one code a step.
 */
export const CODES_PER_STEP = 1;

interface Outcome {
  position: number;
  outcome: SourceQueueOutcome;
  itemId: number | null;
  /** The item's import reference (source and record id), which finds the item the batch makes. */
  ref: string | null;
  title: string | null;
  source: SourceId | null;
  problem: SourceProblem | 'invalid_values' | null;
}

/**
 * The first hit the sources give for a code, asked in order; or why none did: the last problem met, and
 * the source that had it (the report names it).
 */
async function firstHit(
  env: Env,
  access: SourceAccess,
  order: readonly SourceId[],
  code: string,
  locale: Locale,
): Promise<{ hit: FoundHit } | { problem: SourceProblem | null; source: SourceId | null }> {
  let problem: SourceProblem | null = null;
  let source: SourceId | null = null;
  for (const id of order) {
    const answers = await askSources(env, access, [id], { code }, locale);
    const hit = answers.hits.get(id)?.[0];
    if (hit) return { hit };
    const met = answers.problems[0];
    if (met) ({ problem, source } = { problem: met.problem, source: id });
  }
  return { problem, source };
}

/** Marks a queue that stopped on an unexpected error; the items it added stay. */
export async function markQueueFailed(env: Env, id: number): Promise<void> {
  await env.DB.prepare(
    `UPDATE source_queues SET status = 'failed', finished_at = ${NOW_SQL}, updated_at = ${NOW_SQL} WHERE id = ? AND status = 'running'`,
  )
    .bind(id)
    .run();
}

/**
 * What a step needs before its first code, read in one D1 batch: the queue, its next codes, the
 * collection, its properties and source mapping, and the sources' settings and modules. Seven reads
 * made one by one cost a call to D1 each, and the runtime's share of a call (the request, its JSON, its
 * answer) was a good part of a step's CPU.
 */
async function queueContext(env: Env, id: number) {
  const db = drizzle(env.DB, { schema });
  const { sourceQueues: queues, sourceQueueCodes: codes, collections } = schema;
  const collectionId = sql`(SELECT ${queues.collectionId} FROM ${queues} WHERE ${queues.id} = ${id})`;
  const [[queue], waiting, [collection], props, [saved], [stored], externals] = await db.batch([
    db.select().from(queues).where(eq(queues.id, id)),
    // Codes are worked through in order, so the waiting ones start at the count of those done: a walk from
    // there reads the step's codes only, not every code done before them.
    db
      .select({ position: codes.position, code: codes.code })
      .from(codes)
      .where(
        and(
          eq(codes.queueId, id),
          gte(codes.position, sql`(SELECT ${queues.processed} FROM ${queues} WHERE ${queues.id} = ${id})`),
          isNull(codes.outcome),
        ),
      )
      .orderBy(codes.position)
      .limit(CODES_PER_STEP),
    db
      .select({ type: collections.type, ranked: sql<number>`EXISTS (SELECT 1 FROM sort_ranks WHERE collection_id = ${collections.id})` })
      .from(collections)
      .where(eq(collections.id, collectionId)),
    propertyRowsQuery(db, collectionId),
    db.select().from(schema.sourceMappings).where(eq(schema.sourceMappings.collectionId, collectionId)),
    db.select({ value: schema.settings.value }).from(schema.settings).where(eq(schema.settings.key, sourceSettings.key)),
    db.select().from(schema.externalSources).orderBy(schema.externalSources.id),
  ]);
  if (!queue || queue.status !== 'running' || !collection) return null;
  const access = await sourceAccessFrom(env, sourceSettings.fromText(stored?.value ?? null), externalSourcesOf(externals));
  return { queue, waiting, collection, props, mapping: saved ? (JSON.parse(saved.mapping) as SourceMapping) : null, access };
}

/** One step of a queue: the next CODES_PER_STEP codes. `more` while codes wait, else `stopped`. */
export async function queueStep(env: Env, id: number): Promise<'more' | 'stopped'> {
  const context = await queueContext(env, id);
  if (!context) return 'stopped';
  const { queue, waiting, collection, props, access } = context;
  const collectionId = queue.collectionId;
  const mappable = props.map((p) => ({ ...p, type: p.type as PropertyType }));
  const mapping = effectiveSourceMapping(mappable, context.mapping);
  const order = sourceOffers(access, collection.type)
    .filter((o) => o.barcodes && o.ready && (!queue.source || o.id === queue.source))
    .map((o) => o.id);
  const held = await itemsHoldingCodes(
    env,
    collectionId,
    props,
    waiting.map((w) => w.code),
  );

  const outcomes: Outcome[] = [];
  const drafts: (ImportedDraft & { outcome: Outcome })[] = [];
  // One code after the other: a source is asked once at a time, as their terms ask of clients.
  for (const [i, { position, code }] of waiting.entries()) {
    const holder = held[i];
    if (holder) {
      outcomes.push({ position, outcome: 'owned', itemId: holder, ref: null, title: null, source: null, problem: null });
      continue;
    }
    const found = await firstHit(env, access, order, code, queue.locale as Locale);
    if (!('hit' in found)) {
      outcomes.push({
        position,
        outcome: found.problem ? 'failed' : 'missing',
        itemId: null,
        ref: null,
        title: null,
        source: found.problem ? found.source : null,
        problem: found.problem,
      });
      continue;
    }
    const { hit } = found;
    const outcome: Outcome = {
      position,
      outcome: 'added',
      itemId: null,
      ref: `${hit.source}:${hit.id}`,
      title: hit.title,
      source: hit.source,
      problem: null,
    };
    outcomes.push(outcome);
    // Two codes of one list that a source reads as the same record (a book's ISBN-10 and its EAN) make one item.
    if (drafts.some((d) => d.ref === outcome.ref)) {
      outcome.outcome = 'owned';
      continue;
    }
    const address = mapping.cover ? hit.fields.cover?.[0] : undefined;
    const cover = address ? await fetchCover(env, collectionId, address) : null;
    const pictures = new Map(address && cover && !cover.startsWith('!') ? [[address, cover]] : []);
    // A value a property cannot take (a year that is not a number) is left out, as an import leaves it.
    const { values } = sourceValues(hit, mapping, mappable, pictures);
    drafts.push({ ref: outcome.ref!, values, outcome });
  }
  // An item an earlier list added from the same record of the same source is already held.
  const existing = await findImported(
    env.DB,
    collectionId,
    drafts.map((d) => d.ref),
  );
  const fresh = drafts.filter((d) => {
    if (existing.has(d.ref)) d.outcome.outcome = 'owned';
    return !existing.has(d.ref);
  });
  const writes = importWrites(env.DB, collectionId, props, fresh, new Map(), new Set(props.map((p) => p.key)), collection.ranked === 1);
  writes.outcomes.forEach((result, i) => {
    if (result.outcome !== 'f') return;
    Object.assign(fresh[i]!.outcome, { outcome: 'failed', ref: null, problem: 'invalid_values' });
  });
  const covers = fresh
    .filter((d) => d.outcome.outcome === 'added')
    .flatMap((d) => Object.values(d.values).flat())
    .filter((v): v is string => typeof v === 'string' && v.startsWith('media://'));
  const count = (outcome: SourceQueueOutcome) => outcomes.filter((o) => o.outcome === outcome).length;
  const finished = waiting.length < CODES_PER_STEP;
  const batch = [
    // Fails the whole batch when another run of this step got here first: that run's codes are not
    // waiting any more, and inserting the first of them again breaks the table's key.
    env.DB.prepare(
      `INSERT INTO source_queue_codes (queue_id, position, code) SELECT ?1, ?2, '' WHERE (SELECT processed FROM source_queues WHERE id = ?1) <> ?3`,
    ).bind(id, waiting[0]?.position ?? -1, queue.processed),
    ...writes.statements,
    // An outcome with a reference names the item made from it (now, or by an earlier list). Each code's row
    // is found by its key and takes its outcome from the JSON (UPDATE … FROM walked every code of the list).
    env.DB.prepare(
      `UPDATE source_queue_codes SET (outcome, title, source, problem, item_id) = (
         SELECT j.value ->> 'outcome', j.value ->> 'title', j.value ->> 'source', j.value ->> 'problem',
           coalesce(j.value ->> 'itemId', (SELECT i.id FROM items i WHERE i.collection_id = ?2 AND i.import_ref = j.value ->> 'ref'))
         FROM json_each(?3) j WHERE j.value ->> 'position' = source_queue_codes.position)
       WHERE queue_id = ?1 AND position IN (SELECT j.value ->> 'position' FROM json_each(?3) j)`,
    ).bind(id, collectionId, JSON.stringify(outcomes)),
    wantThumbnails(env, collectionId, covers),
    env.DB.prepare(
      `UPDATE source_queues SET processed = processed + ?2, added = added + ?3, owned = owned + ?4, missing = missing + ?5, failed = failed + ?6,
        status = CASE WHEN ?7 AND status = 'running' THEN 'done' ELSE status END,
        finished_at = CASE WHEN ?7 AND status = 'running' THEN ${NOW_SQL} ELSE finished_at END, updated_at = ${NOW_SQL}
       WHERE id = ?1`,
    ).bind(id, outcomes.length, count('added'), count('owned'), count('missing'), count('failed'), finished ? 1 : 0),
  ];
  const results = await env.DB.batch(batch);
  await splitAfter(env.DB, batch, results, writes.ranked, collectionId, props, rankTuning(env).split);
  return finished ? 'stopped' : 'more';
}
