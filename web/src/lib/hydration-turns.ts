// Taking over a rendered page in turns. Preact hydrates a whole tree in one task, and a collection page's
// cards are most of its markup: hydrated at once they made one task of about 280 ms on a slow phone, long
// enough to hold a tap. Parts that ask for a turn (components/hydrate-later.tsx) wait while the page is
// hydrated, their markup kept as it is (Preact keeps a suspended part's rendered DOM), then are taken
// over one turn a task, so no task holds the main thread for long.
import { nextTask } from './next-task';

/** Every part's turn, in one place: lower turns are taken over first, equal ones in the same task. */
export const TURNS = {
  /** The screen inside the layout: its own code runs apart from the providers' and the layout's first run. */
  screen: -2,
  /** What a visitor reaches first: the nav bar, a collection's header. */
  frame: -1,
  /** A collection's toolbar (sort, display, filters); an item's header (cover, title, its actions). */
  controls: 0,
  /** The first four cards; each next four take the following turn (item-results.tsx). */
  firstCards: 1,
  /** Below the fold, or seldom the first thing touched: the pagination, the recent strip, an item's details. */
  last: 1_000_000,
} as const;

/** A turn's promise, from the first hydration until it has passed. */
const waiting = new Map<number, Promise<void>>();
const releases = new Map<number, () => void>();
/** From the first hydration until every turn has passed: a part met meanwhile may still ask for a turn. */
let takingOver = false;
/** The turn last let through: a part asking for it, or an earlier one, renders at once. */
let passedTurn = -Infinity;
let allPassed: Promise<void> = Promise.resolve();

/**
 * Runs `hydrate` (which must hydrate synchronously, as Preact does), then lets the turns asked for pass in
 * order, each in a task of its own. A part taken over in its turn may hold parts of later turns (the
 * screen holds the cards): those join the queue as they are met, so nesting does not merge turns.
 */
export function hydrateInTurns(hydrate: () => void) {
  takingOver = true;
  passedTurn = -Infinity;
  try {
    hydrate();
  } catch (error) {
    takingOver = false;
    throw error;
  }
  allPassed = (async () => {
    // Checked after each task: a released part re-renders in that task's microtasks, asking for more.
    for (;;) {
      await nextTask();
      if (releases.size === 0) break;
      passedTurn = Math.min(...releases.keys());
      releases.get(passedTurn)?.();
    }
    takingOver = false;
  })();
}

/**
 * The promise a part waits for before being hydrated, or null once its turn has passed and whenever no
 * rendered page is being taken over: a part rendered anew (the app's own screens, a later page) never waits.
 */
export function hydrationTurn(turn: number): Promise<void> | null {
  const pending = waiting.get(turn);
  if (pending || !takingOver || turn <= passedTurn) return pending ?? null;
  const promise = new Promise<void>((resolve) => {
    releases.set(turn, () => {
      waiting.delete(turn);
      releases.delete(turn);
      resolve();
    });
  });
  waiting.set(turn, promise);
  return promise;
}

/** Settles once every part of the first hydration has been taken over. */
export function hydrationTurnsPassed(): Promise<void> {
  return allPassed;
}
