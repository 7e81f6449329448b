// What an isolate remembers about a database binding between requests (its settings, the stored settings
// such as email's, that its built-in accounts exist, that the demo is seeded), so each costs a query per
// cold start rather than per request.
// One registry holds these memories so that a database emptied under a running isolate (the worker tests
// run many files in one) can be forgotten in one call.

const memories: WeakMap<D1Database, unknown>[] = [];

/** A memory keyed by database binding: a WeakMap that `forgetDatabase` clears for its binding. */
export function perDatabase<T>(): WeakMap<D1Database, T> {
  const memory: WeakMap<D1Database, T> = new WeakMap();
  memories.push(memory);
  return memory;
}

/** Drops everything remembered about `binding`: the next request reads the database again. */
export function forgetDatabase(binding: D1Database): void {
  for (const memory of memories) memory.delete(binding);
}
