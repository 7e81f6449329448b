// Imports into a collection: the owner uploads a file with its plan (what the browser's preview showed);
// the file is checked enough to refuse what cannot be read, stored in R2, and a Workflow imports it
// (imports.workflow.ts). The run's progress and report are read from D1 while it runs and after.
import { createRoute, z } from '@hono/zod-openapi';
import { MAX_PROPERTIES } from '@shared/catalogue';
import { ImportFileError } from '@shared/import/errors';
import { guessTitleField } from '@shared/import/titles';
import { recordRef } from '@shared/import/mapping';
import { planOutlook } from '@shared/import/outlook';
import type { NotDocumentKind } from '@shared/import/sniff';
import type { PropertyType } from '@shared/catalogue';
import { findImported } from '../items/items.writer';
import { IMPORT_FILE_MAX_BYTES, importPlan, importReport, importRun, importRunList, type ImportPlan } from '@shared/schemas/imports';
import { scheduledImportSetup } from '@shared/schemas/scheduled-imports';
import type { PropertySettings } from '@shared/schemas/properties';
import { ApiError } from '@worker/lib/api-error';
import { allowedAddress } from '@worker/lib/guarded-fetch';
import { uploadLimit } from '@worker/lib/media';
import { bearer, errors, jsonContent } from '@worker/lib/openapi';
import { createRouter } from '@worker/lib/router';
import { translate } from '@worker/i18n/messages';
import { callerOf, requireUser } from '@worker/middleware/auth';
import { requireCollectionRole } from '../collections/collections.queries';
import { listPropertyRows } from '../properties/properties.queries';
import { sourceAddress } from './scheduled-imports.service';
import { collectionHasItems, importReportOf, listImports, loadRun, toRun } from './imports.queries';
import { cancelImportRun, insertImportRun } from './imports.service';
import { newFileKey, prepareFile, wantsCovers, workflowIdOf, type PreparedFile } from './imports.prepare';
import { embedsPictures } from './imports.embedded';
import { newPropertyLabel } from './import-labels';

const tags = ['Imports'];
const collectionParam = z.object({ id: z.coerce.number().int().positive() });
const runParam = z.object({ id: z.coerce.number().int().positive(), iid: z.coerce.number().int().positive() });

const start = createRoute({
  method: 'post',
  path: '/collections/{id}/imports',
  tags,
  security: bearer,
  summary:
    'Import a file (at most 20 MB) into the collection: multipart `file` and `plan` (JSON, see ImportPlan); answers the run, which goes on in the background',
  middleware: [requireUser, uploadLimit(IMPORT_FILE_MAX_BYTES + 64 * 1024)],
  request: {
    params: collectionParam,
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            file: z.any().openapi({ type: 'string', format: 'binary' }),
            plan: z.string().openapi({ description: 'ImportPlan as JSON' }),
            source: z.string().optional().openapi({
              description: 'ScheduledImportSetup as JSON: the file came from this source, which re-runs with the same plan on its schedule',
            }),
          }),
        },
      },
    },
  },
  responses: { 202: jsonContent(importRun, 'Started'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const list = createRoute({
  method: 'get',
  path: '/collections/{id}/imports',
  tags,
  security: bearer,
  summary: "The collection's import runs, newest first (the owner only)",
  middleware: [requireUser],
  request: { params: collectionParam },
  responses: { 200: jsonContent(importRunList, 'Runs'), ...errors(401, 403, 404) },
});

const one = createRoute({
  method: 'get',
  path: '/collections/{id}/imports/{iid}',
  tags,
  security: bearer,
  summary: 'One run with its report: row numbers by outcome and every record skipped or refused, with why',
  middleware: [requireUser],
  request: { params: runParam },
  responses: { 200: jsonContent(importReport, 'Run and report'), ...errors(401, 403, 404) },
});

const cancel = createRoute({
  method: 'post',
  path: '/collections/{id}/imports/{iid}/cancel',
  tags,
  security: bearer,
  summary: 'Stop a run: what it wrote stays, and running the same file again goes on from there',
  middleware: [requireUser],
  request: { params: runParam },
  responses: { 200: jsonContent(importRun, 'Run'), ...errors(401, 403, 404) },
});

/** A file problem as the API reports it: one issue on the file field, worded in the caller's language. */
function fileInvalid(locale: Parameters<typeof translate>[0], err: ImportFileError): ApiError {
  const what =
    err.problem === 'not_document' ? translate(locale, `import.kind.${(err.details.reason ?? 'binary') as NotDocumentKind}`) : '';
  const message = translate(locale, `import.${err.problem}`, { row: err.details.row ?? '', maximum: err.details.limit ?? '', what });
  return new ApiError('IMPORT_FILE_INVALID', {
    fields: [
      {
        path: 'file',
        reason: err.problem,
        message,
        ...(err.details.row && { row: err.details.row }),
        ...(err.details.limit && { maximum: err.details.limit }),
      },
    ],
  });
}

/** A zod issue's limit, for its message ("maximum 80", never "maximum "). */
const limitsOf = (issue: z.core.$ZodIssue) =>
  issue.code === 'too_big'
    ? { maximum: Number(issue.maximum), origin: issue.origin }
    : issue.code === 'too_small'
      ? { minimum: Number(issue.minimum), origin: issue.origin }
      : {};

const planIssue = (path: string, reason: string) => new ApiError('VALIDATION_FAILED', { fields: [{ path, reason, message: '' }] });

/** The optional `source` field of an upload: where the file came from, to re-run on a schedule. */
function parseSource(text: string): z.output<typeof scheduledImportSetup> {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw planIssue('source', 'invalid_json');
  }
  const parsed = scheduledImportSetup.safeParse(json);
  if (!parsed.success) {
    throw new ApiError('VALIDATION_FAILED', {
      fields: parsed.error.issues.map((i) => ({
        path: ['source', ...i.path].join('.'),
        reason: (i as { params?: { reason?: string } }).params?.reason ?? i.code,
        message: '',
      })),
    });
  }
  return parsed.data;
}

/** The name a run shows: the uploaded name's last part, without control characters. */
function runFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 150) || 'import';
}

/**
 * Refuses a plan that would import none of the file's first records (no field to a required title, no
 * mapped field with anything in it, every record refused), naming the property they lack and the field
 * to send to it. Records found again as items count as imported: a value they lack is kept from the item.
 */
async function refuseEmptyPlan(
  d1: D1Database,
  locale: Parameters<typeof translate>[0],
  collectionId: number,
  plan: ImportPlan,
  head: PreparedFile['head'],
  sample: PreparedFile['sample'],
  existing: Awaited<ReturnType<typeof listPropertyRows>>,
  created: ReadonlyMap<string, NonNullable<ImportPlan['fields'][number]['create']>>,
) {
  if (sample.length === 0) return;
  const properties = [
    ...existing.map((p) => ({ key: p.key, type: p.type as PropertyType, multiple: p.multiple, required: p.required })),
    ...[...created].map(([key, spec]) => ({ key, type: spec.type, multiple: spec.multiple, required: false })),
  ];
  const outlookWith = (known: ReadonlySet<string>) =>
    planOutlook(
      plan.format,
      head.fields,
      sample,
      plan.fields.map((f) => ({ field: f.field, property: f.property, split: f.split, scale: f.scale })),
      properties,
      { keyField: plan.keyField, dateOrder: plan.dateOrder, known, titleKey: existing.find((p) => p.isTitle)?.key ?? null },
    );
  // The items the records find again matter only when the records would be refused: looked up then.
  if (!outlookWith(new Set()).reason) return;
  const outlook = outlookWith(
    new Set(
      (
        await findImported(
          d1,
          collectionId,
          sample.map((r) => recordRef(plan.format, r, plan.keyField)),
        )
      ).keys(),
    ),
  );
  if (!outlook.reason) return;
  const property = outlook.property ? (existing.find((p) => p.key === outlook.property)?.label ?? outlook.property) : '';
  const suggestion = outlook.suggestion ? head.fields.find((f) => f.key === outlook.suggestion)?.label || outlook.suggestion : '';
  throw new ApiError('VALIDATION_FAILED', {
    fields: [
      {
        path: 'plan.fields',
        reason: outlook.reason,
        message: translate(locale, `import.plan.${outlook.reason}`, { property, suggestion }),
        ...(outlook.property && { property: outlook.property }),
        ...(outlook.suggestion && { suggestion: outlook.suggestion }),
      },
    ],
  });
}

/** The roles a property may take from an export; one property of a collection has each. */
const ROLES = ['isSubtitle', 'isCover', 'isReference'] as const;

export const importsRoutes = createRouter()
  .openapi(start, async (c) => {
    const db = c.get('db');
    const locale = c.get('locale');
    const found = await requireCollectionRole(db, callerOf(c), c.req.valid('param').id, 'co_owner');
    const collectionId = found.collection.id;
    if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
    const form = c.req.valid('form');
    if (!(form.file instanceof File)) throw planIssue('file', 'required');
    if (form.file.size > IMPORT_FILE_MAX_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE');
    let planJson: unknown;
    try {
      planJson = JSON.parse(form.plan) as unknown;
    } catch {
      throw planIssue('plan', 'invalid_json');
    }
    const parsed = importPlan.safeParse(planJson);
    if (!parsed.success) {
      throw new ApiError('VALIDATION_FAILED', {
        fields: parsed.error.issues.map((i) => ({ path: ['plan', ...i.path].join('.'), reason: i.code, message: '', ...limitsOf(i) })),
      });
    }
    let plan: ImportPlan = parsed.data;
    const setup = form.source === undefined ? null : parseSource(form.source);
    // Refused when saved, as the SMTP host is, rather than failing at every scheduled run.
    if (setup && !allowedAddress(c.env, sourceAddress(c.env, setup.source))) {
      throw new ApiError('VALIDATION_FAILED', { fields: [{ path: 'source.address', reason: 'private_address', message: '' }] });
    }
    const uploaded = new Uint8Array(await form.file.arrayBuffer());
    let prepared: PreparedFile;
    try {
      prepared = prepareFile(uploaded, plan);
    } catch (err) {
      if (err instanceof ImportFileError) throw fileInvalid(locale, err);
      throw err;
    }
    const { head, encoding, sample } = prepared;
    // The plan must name the file's fields and the collection's properties (or new ones, once each).
    const fieldKeys = new Set(head.fields.map((f) => f.key));
    // Named in the uploader's language: a refusal speaks of "Titre" to a French owner.
    const existing = await listPropertyRows(db, collectionId, locale);
    // A required title the plan sends nothing to is taken from the field that names the items (Name,
    // Titre…): otherwise every new record would be refused for lacking it. Unless the plan says it is
    // whole as sent (the import screen's, which shows the same guess before the person changes it).
    const titleProperty = existing.find((p) => p.isTitle && p.required);
    if (plan.guessTitle && titleProperty && !plan.fields.some((f) => f.property === titleProperty.key)) {
      const guessed = guessTitleField(
        head.fields.filter((f) => f.type !== 'image'),
        sample,
        plan.format === 'csv' ? plan.dateOrder : undefined,
      );
      if (guessed)
        plan = {
          ...plan,
          fields: [...plan.fields, { field: guessed, property: titleProperty.key, create: null, split: null, scale: null }],
        };
    }
    const taken = new Set(existing.map((p) => p.key));
    const created = new Map<string, NonNullable<ImportPlan['fields'][number]['create']>>();
    plan.fields.forEach((f, index) => {
      if (!fieldKeys.has(f.field)) throw planIssue(`plan.fields.${index}.field`, 'unknown_field');
      if (f.create) {
        if (taken.has(f.property)) throw new ApiError('PROPERTY_KEY_TAKEN');
        const already = created.get(f.property);
        if (already && (already.type !== f.create.type || already.multiple !== f.create.multiple))
          throw planIssue(`plan.fields.${index}.create`, 'invalid');
        if (f.create.title && (f.create.type !== 'text' || f.create.multiple))
          throw planIssue(`plan.fields.${index}.create.title`, 'invalid');
        created.set(f.property, f.create);
      } else if (!taken.has(f.property) && !plan.fields.some((other) => other.property === f.property && other.create)) {
        throw planIssue(`plan.fields.${index}.property`, 'unknown_property');
      }
    });
    // One title at most: a new one only where the collection has none.
    const titles = [...created.values()].filter((spec) => spec.title).length;
    if (titles > (existing.some((p) => p.isTitle) ? 0 : 1)) throw planIssue('plan.fields', 'title_taken');
    if (plan.keyField && !fieldKeys.has(plan.keyField)) throw planIssue('plan.keyField', 'unknown_field');
    if (existing.length + created.size > MAX_PROPERTIES) {
      throw new ApiError('VALIDATION_FAILED', {
        fields: [{ path: 'plan.fields', reason: 'too_big', message: '', maximum: MAX_PROPERTIES }],
      });
    }
    await refuseEmptyPlan(c.env.DB, locale, collectionId, plan, head, sample, existing, created);
    // Covers given by address are fetched when the plan sends a field to an image property.
    const imageKeys = new Set([
      ...existing.filter((p) => p.type === 'image').map((p) => p.key),
      ...[...created].filter(([, spec]) => spec.type === 'image').map(([key]) => key),
    ]);
    const coversWanted = wantsCovers(plan, imageKeys);
    const fileKey = newFileKey(collectionId);
    const archiveKey = prepared.archive ? `${fileKey}.zip` : embedsPictures(prepared.head) ? fileKey : null;
    await c.env.MEDIA.put(fileKey, prepared.document, { httpMetadata: { contentType: 'application/octet-stream' } });
    if (archiveKey && archiveKey !== fileKey)
      await c.env.MEDIA.put(archiveKey, uploaded, { httpMetadata: { contentType: 'application/zip' } });
    const order = Math.max(-1, ...existing.map((p) => p.displayOrder));
    // A Vitrine export's settings are given to the properties it creates when the collection holds no
    // item yet (so no index, sort order or count has to be made again for items already there); a role
    // only when no other property has it.
    const empty = !(await collectionHasItems(c.env.DB, collectionId));
    const roles = new Set(ROLES.filter((role) => existing.some((p) => p[role])));
    const settingsFor = (settings: PropertySettings | null): PropertySettings => {
      if (!empty || !settings) return {};
      const given = { ...settings };
      for (const role of ROLES) {
        if (!given[role]) continue;
        if (roles.has(role)) delete given[role];
        else roles.add(role);
      }
      return given;
    };
    const newProperties = [...created].map(([key, spec], index) => ({
      ...settingsFor(spec.settings),
      key,
      ...newPropertyLabel(
        { key, label: spec.label, field: plan.fields.find((f) => f.property === key && f.create)!.field },
        head,
        found.collection.type,
        locale,
      ),
      type: spec.type,
      multiple: spec.multiple,
      isTitle: spec.title,
      displayOrder: order + 1 + index,
    }));
    const run = await insertImportRun(db, {
      collectionId,
      userId: callerOf(c).id,
      plan,
      properties: newProperties,
      source: setup,
      run: {
        format: plan.format,
        fileName: runFileName(form.file.name),
        fileKey,
        archiveKey,
        fileLength: prepared.document.length,
        coversWanted,
        encoding,
        head: JSON.stringify(head),
        plan: JSON.stringify(plan),
        position: head.start,
      },
    });
    await c.env.IMPORTS.create({ id: workflowIdOf(run), params: { importId: run.id } });
    return c.json(toRun(run), 202);
  })
  .openapi(list, async (c) => {
    const found = await requireCollectionRole(c.get('db'), callerOf(c), c.req.valid('param').id, 'co_owner');
    return c.json({ imports: (await listImports(c.get('db'), found.collection.id)).map(toRun) }, 200);
  })
  .openapi(one, async (c) => {
    const { id, iid } = c.req.valid('param');
    const found = await requireCollectionRole(c.get('db'), callerOf(c), id, 'co_owner');
    const run = await loadRun(c.get('db'), found.collection.id, iid);
    return c.json(await importReportOf(c.get('d1'), run), 200);
  })
  .openapi(cancel, async (c) => {
    const { id, iid } = c.req.valid('param');
    const db = c.get('db');
    const found = await requireCollectionRole(db, callerOf(c), id, 'co_owner');
    const run = await loadRun(db, found.collection.id, iid);
    if (run.status === 'fetching' || run.status === 'checking' || run.status === 'importing') {
      await cancelImportRun(db, run.id);
      // The steps also stop by themselves on reading the status; ending the instance saves their runs.
      try {
        await (await c.env.IMPORTS.get(workflowIdOf(run))).terminate();
      } catch {
        // Already finished or never started: the status above is what counts.
      }
    }
    return c.json(toRun(await loadRun(db, found.collection.id, iid)), 200);
  });
