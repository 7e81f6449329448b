// Who sees what (docs/product.md): a caller has a level per collection's items: 0 anonymous, 1 signed in,
// 2 the viewers of a shared collection, 3 the owner and the people who keep it with them (editors,
// co-owners). An item or property is visible when its level is at most the caller's, so level 2 "Shared
// users" shows to the owner and every member; level 4 "Nobody" is never visible on browsing paths, not
// even to the owner (manage and edit screens aside). Collections take the same levels.
import { hasRole, type CollectionRole } from '@shared/catalogue';
import type { Caller } from '../env';

export type CallerLevel = 0 | 1 | 2 | 3;

export { hasRole };

/** The level a caller browses a collection's items and properties at, from their role in it. */
export function callerLevel(caller: Caller | null, role: CollectionRole | null): CallerLevel {
  if (!caller) return 0;
  return hasRole(role, 'editor') ? 3 : role !== null ? 2 : 1;
}

/** Whether the collection itself shows to the caller: its owner always (manage screens), members up to level 2. */
export function collectionVisible(visibility: number, caller: Caller | null, role: CollectionRole | null): boolean {
  if (role === 'owner') return true;
  if (role !== null) return visibility <= 2;
  return visibility <= (caller ? 1 : 0);
}

export function isVisible(level: number, caller: CallerLevel): boolean {
  return level <= caller;
}

/** The FTS columns of items_search a caller may match on. */
export function searchColumns(level: CallerLevel): string {
  return ['everyone', 'everyone logged_in', 'everyone logged_in shared', 'everyone logged_in shared owner'][level]!;
}
