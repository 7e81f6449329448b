/**
 * drizzle's D1 batch cannot bind parameters of raw statements, so raw statements that run inside
 * batches carry their ids inline; this guard keeps that safe.
 */
export function inlineId(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not an id: ${value}`);
  return String(value);
}
