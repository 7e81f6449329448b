// A D1 database that records the SQL of every statement prepared through it (whitespace normalised, no
// bound values), so a test can show which statements a read makes.

/** The database and the statements prepared so far, in order. */
export function recordedD1(d1: D1Database): { d1: D1Database; statements: string[] } {
  const statements: string[] = [];
  const recorded = new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') {
        return (query: string) => {
          statements.push(query.replace(/\s+/g, ' ').trim());
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { d1: recorded, statements };
}
