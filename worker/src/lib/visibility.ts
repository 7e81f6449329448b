// Who sees what (docs/product.md): a caller has a level per collection: 0 anonymous, 1 signed in, 3 owner.
// A collection, item or property is visible when its level is at most the caller's; level 4 "Nobody"
// is therefore never visible on browsing paths, not even to the owner (manage and edit screens aside).
import type { Caller } from '../env';

export type CallerLevel = 0 | 1 | 3;

export function callerLevel(caller: Caller | null, ownerId: number): CallerLevel {
  if (!caller) return 0;
  return caller.id === ownerId ? 3 : 1;
}

export function isVisible(level: number, caller: CallerLevel): boolean {
  return level <= caller;
}

/** The FTS columns of items_search a caller may match on. */
export function searchColumns(level: CallerLevel): string {
  return level === 0 ? 'everyone' : level === 1 ? 'everyone logged_in' : 'everyone logged_in owner';
}
