// ETag and If-Match (RFC 9110 §8.8.3, §13.1.1) for the rows edits carry a version of: items, collections
// and properties. The ETag is the row's version as a strong entity tag, "v<version>"; an edit that sends
// If-Match is made from the version it names, through the same conditional write as the body's
// `version` (the *_stale_write triggers, migration 0007), and a stale one is refused with 412
// PRECONDITION_FAILED instead of 409 STALE_WRITE. Without If-Match, edits behave as before.
import { z } from '@hono/zod-openapi';
import { ApiError } from './api-error';
import { abortedWith } from './error-handler';

/** The strong entity tag of a row's version. */
export function etagOf(version: number): string {
  return `"v${version}"`;
}

/** The ETag header of an answer carrying a row. */
export function etagHeader(row: { version: number }): { ETag: string } {
  return { ETag: etagOf(row.version) };
}

const ENTITY_TAG = '(?:W/)?"[\\x21\\x23-\\x7E\\x80-\\xFF]*"';
/** If-Match = "*" / #entity-tag (RFC 9110): an asterisk, or entity tags between commas. */
const IF_MATCH_PATTERN = new RegExp(`^[ \\t]*(?:\\*|${ENTITY_TAG}(?:[ \\t]*,[ \\t]*${ENTITY_TAG})*)[ \\t]*$`);

/** The request headers of an edit that may carry If-Match (a malformed one is refused with 400 VALIDATION_FAILED). */
export const ifMatchHeaders = z.object({
  'if-match': z
    .string()
    .regex(IF_MATCH_PATTERN)
    .optional()
    .openapi({
      param: { in: 'header' },
      description:
        'The ETag ("v<version>") of the version this change was made from: when the row has changed since, nothing is written and the answer is 412 PRECONDITION_FAILED. "*" matches any version. Weak tags never match. A header that is not an asterisk or a list of entity tags is refused with 400 VALIDATION_FAILED; one whose version differs from the body\'s `version` with 412.',
      example: '"v3"',
    }),
});

/** The documented ETag header of an answer carrying an item, a collection or a property. */
export const etagResponseHeader = {
  ETag: {
    description:
      'The version of the row as a strong entity tag, "v<version>": send it back in If-Match to edit or delete only that version',
    schema: { type: 'string' as const, example: '"v3"' },
  },
};

/** A JSON answer's documentation with its ETag header. */
export function withEtag<T extends { description: string }>(response: T): T & { headers: typeof etagResponseHeader } {
  return { ...response, headers: etagResponseHeader };
}

/** The version an edit is made from, and whether If-Match named it (a stale write is then 412). */
export interface Precondition {
  version: number | undefined;
  fromHeader: boolean;
}

/** The versions the strong "v<n>" tags of an If-Match list name ("*" is not a list; weak tags never match). */
function taggedVersions(header: string): number[] {
  const versions: number[] = [];
  for (const [, weak, opaque] of header.matchAll(/(W\/)?"([^"]*)"/g)) {
    const found = !weak && /^v([1-9]\d{0,14})$/.exec(opaque ?? '');
    if (found) versions.push(Number(found[1]));
  }
  return versions;
}

/**
 * The version an edit is made from, given its If-Match header (already checked against its grammar),
 * the version of the row as read, and the body's `version`:
 * - no If-Match, or "*" (the row exists, which the route checked): the body's version, as before;
 * - a body version that no tag of If-Match names: 412 at once, nothing read or written further;
 * - otherwise the body's version, or the tag naming the version read: the write is conditional on it,
 *   so an edit landing in between still refuses it (412, see conditionally());
 * - no tag naming the version read: 412.
 */
export function precondition(header: string | undefined, current: number, bodyVersion: number | undefined): Precondition {
  if (header === undefined || header.trim() === '*') return { version: bodyVersion, fromHeader: false };
  const versions = taggedVersions(header);
  const wanted = bodyVersion ?? current;
  if (!versions.includes(wanted)) throw new ApiError('PRECONDITION_FAILED');
  return { version: wanted, fromHeader: true };
}

/** Runs a conditional write; a stale version named by If-Match becomes 412 PRECONDITION_FAILED. */
export async function conditionally<T>(pre: Precondition, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pre.fromHeader && abortedWith(err, 'STALE_WRITE')) throw new ApiError('PRECONDITION_FAILED');
    throw err;
  }
}
