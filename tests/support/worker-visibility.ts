// The visibility matrix the read-path tests share: five collections (one a level, 0 to 4), each with a
// property and an item at every level, shared with a viewer, an editor and a co-owner, and once with a
// member since removed. Every value names its collection, item and property levels, so a response can
// be searched for what it must not hold.
import { expect } from 'vitest';
import { call, createUser } from './worker-app';
import { addItem, addProperty, createCollection } from './worker-catalogue';

export const LEVELS = [0, 1, 2, 3, 4] as const;
export type Level = (typeof LEVELS)[number];
const WORD = { 0: 'alpha', 1: 'bravo', 2: 'kilo', 3: 'charlie', 4: 'delta' } as const;
/** The word every value of a property at this level holds. */
export const wordOf = (p: Level) => WORD[p];
/** The value of property level `p` on item level `i` of collection level `c`. */
export const marker = (c: Level, i: Level, p: Level) => `${WORD[p]} c${c}i${i}`;

export type Person = Awaited<ReturnType<typeof createUser>>;

export interface VisibilityMatrix {
  owner: Person;
  stranger: Person;
  viewer: Person;
  editor: Person;
  coOwner: Person;
  removed: Person;
  /** Each collection's name (unique to this matrix) and id, and its items' ids, by level. */
  collections: Record<Level, { name: string; id: number; items: Record<Level, number> }>;
}

/** Builds the matrix through the API (some 200 requests). */
export async function visibilityMatrix(): Promise<VisibilityMatrix> {
  const tag = crypto.randomUUID().slice(0, 8);
  const [owner, stranger, viewer, editor, coOwner, removed] = [
    await createUser(),
    await createUser(),
    await createUser(),
    await createUser(),
    await createUser(),
    await createUser(),
  ];
  const collections = {} as VisibilityMatrix['collections'];
  for (const c of LEVELS) {
    const name = `Level ${c} collection ${tag}`;
    const col = await createCollection(owner.token, { name, visibility: c });
    for (const [person, role] of [
      [viewer, 'viewer'],
      [editor, 'editor'],
      [coOwner, 'co_owner'],
      [removed, 'viewer'],
    ] as const) {
      const shared = await call(`/api/v1/collections/${col.id}/members`, {
        method: 'POST',
        token: owner.token,
        json: { login: person.user.username, role },
      });
      expect(shared.status).toBe(201);
    }
    // Shared with, then no more: a signed-in person like any other.
    const gone = await call(`/api/v1/collections/${col.id}/members/${removed.user.id}`, { method: 'DELETE', token: owner.token });
    expect(gone.status).toBe(204);
    await addProperty(owner.token, col.id, { label: 'Name', type: 'text', isTitle: true, visibility: 0 });
    for (const p of LEVELS) {
      await addProperty(owner.token, col.id, {
        label: `P${p}`,
        key: `p${p}`,
        type: 'text',
        visibility: p,
        searchable: true,
        filterable: true,
        inSummary: true,
        sortable: true,
      });
    }
    const items = {} as Record<Level, number>;
    for (const i of LEVELS) {
      const values: Record<string, string> = { name: `item c${c}i${i}` };
      for (const p of LEVELS) values[`p${p}`] = marker(c, i, p);
      items[i] = (await addItem(owner.token, col.id, { values, visibility: i === 0 ? null : i })).id;
    }
    collections[c] = { name, id: col.id, items };
  }
  return { owner, stranger, viewer, editor, coOwner, removed, collections };
}

/**
 * Every kind of caller. `sees`: the highest collection level they browse; `level`: the highest item
 * and property level (2 for a viewer, 3 for the owner and the members who edit).
 */
export const CALLERS = [
  { name: 'anonymous', person: () => undefined, sees: 0, level: 0 },
  { name: 'stranger', person: (m) => m.stranger, sees: 1, level: 1 },
  { name: 'removed member', person: (m) => m.removed, sees: 1, level: 1 },
  { name: 'viewer', person: (m) => m.viewer, sees: 2, level: 2 },
  { name: 'editor', person: (m) => m.editor, sees: 2, level: 3 },
  { name: 'co-owner', person: (m) => m.coOwner, sees: 2, level: 3 },
  { name: 'owner', person: (m) => m.owner, sees: 3, level: 3 },
] as const satisfies readonly {
  name: string;
  person: (m: VisibilityMatrix) => Person | undefined;
  sees: Level;
  level: Level;
}[];

export type Caller = (typeof CALLERS)[number];

/** Whether a caller browsing may be shown the item `i` of collection `c` (level 4 is nobody's). */
export const browsesItem = (caller: Pick<Caller, 'sees' | 'level'>, c: Level, i: Level) => c <= caller.sees && i <= caller.level && i !== 4;

/** Whether a caller browsing may be shown the value of property `p` on item `i` of collection `c`. */
export const browsesValue = (caller: Pick<Caller, 'sees' | 'level'>, c: Level, i: Level, p: Level) =>
  browsesItem(caller, c, i) && p <= caller.level;

/** Checks that `text` holds exactly the values `allowed` says, naming the first one wrong. */
export function expectExactlyValues(text: string, allowed: (c: Level, i: Level, p: Level) => boolean, what: string) {
  for (const c of LEVELS)
    for (const i of LEVELS)
      for (const p of LEVELS) expect(text.includes(marker(c, i, p)), `${what}: ${marker(c, i, p)}`).toBe(allowed(c, i, p));
}
