// Measurement mode for `npm run bench` (EXPOSE_D1_METRICS=true, and a request sending X-Measure-D1: 1):
// counts the D1 statements of that request and adds up rows read and written from each result's meta,
// answered in X-D1-* headers, with each statement's share (its SQL's start, rows read and written) in
// X-D1-Statements, so a write's rows can be traced to what wrote them.
// drizzle reads rows through raw(), whose result has no meta; in this mode such a statement also runs
// once through run() to read its meta, and only that one execution is counted.

export interface D1Metrics {
  queries: number;
  rowsRead: number;
  rowsWritten: number;
  /**
   * Trips to D1, when counted (a measured request): a batch is one, however many statements it holds,
   * and a statement run alone is one (the budget's "queries a page").
   */
  roundTrips?: number;
  /** Each statement in order: the start of its SQL, and its rows read and written. */
  statements?: { sql: string; read: number; written: number }[];
  /**
   * Milliseconds spent waiting on D1, when counted (a measured Workflow step): local workerd runs
   * D1's SQLite on the Worker's own thread, so this is CPU the Worker itself does not spend in production.
   */
  waitedMs?: number;
}

/** Awaits a D1 call, adding its duration to `waitedMs` when the metrics count it. */
async function timed<T>(metrics: D1Metrics, call: () => Promise<T>): Promise<T> {
  if (metrics.waitedMs === undefined) return call();
  const start = performance.now();
  try {
    return await call();
  } finally {
    metrics.waitedMs += performance.now() - start;
  }
}

type Meta = { rows_read?: number; rows_written?: number } | undefined;

function trip(metrics: D1Metrics) {
  if (metrics.roundTrips !== undefined) metrics.roundTrips += 1;
}

function record(metrics: D1Metrics, meta: Meta, query: string) {
  metrics.queries += 1;
  metrics.rowsRead += meta?.rows_read ?? 0;
  metrics.rowsWritten += meta?.rows_written ?? 0;
  metrics.statements?.push({
    sql: query.replace(/\s+/g, ' ').trim().slice(0, 100),
    read: meta?.rows_read ?? 0,
    written: meta?.rows_written ?? 0,
  });
}

const INNER = Symbol('inner statement');

class MeteredStatement {
  [INNER]: D1PreparedStatement;

  constructor(
    inner: D1PreparedStatement,
    private readonly metrics: D1Metrics,
    readonly query: string,
  ) {
    this[INNER] = inner;
  }

  bind(...values: unknown[]) {
    return new MeteredStatement(this[INNER].bind(...values), this.metrics, this.query);
  }

  async first<T>(column?: string): Promise<T | null> {
    const result = await timed(this.metrics, () => this[INNER].all<Record<string, unknown>>());
    trip(this.metrics);
    record(this.metrics, result.meta, this.query);
    const row = result.results[0];
    if (!row) return null;
    return (column ? row[column] : row) as T;
  }

  async all<T>() {
    const result = await timed(this.metrics, () => this[INNER].all<T>());
    trip(this.metrics);
    record(this.metrics, result.meta, this.query);
    return result;
  }

  async run<T>() {
    const result = await timed(this.metrics, () => this[INNER].run<T>());
    trip(this.metrics);
    record(this.metrics, result.meta, this.query);
    return result;
  }

  async raw<T>(options?: { columnNames?: boolean }) {
    const probe = await timed(this.metrics, () => this[INNER].run());
    trip(this.metrics);
    record(this.metrics, probe.meta, this.query);
    return timed(this.metrics, () => this[INNER].raw<T>(options as { columnNames: true }) as Promise<T[]>);
  }
}

export function meteredD1(d1: D1Database, metrics: D1Metrics): D1Database {
  return {
    prepare: (query: string) => new MeteredStatement(d1.prepare(query), metrics, query) as unknown as D1PreparedStatement,
    batch: async <T>(statements: D1PreparedStatement[]) => {
      const metered = statements as unknown as Partial<MeteredStatement>[];
      const results = await timed(metrics, () => d1.batch<T>(metered.map((s, i) => s[INNER] ?? statements[i]!)));
      trip(metrics);
      results.forEach((result, i) => record(metrics, result.meta, metered[i]!.query ?? '(unknown)'));
      return results;
    },
    exec: (query: string) => d1.exec(query),
    dump: () => d1.dump(),
    withSession: (constraint?: string) => d1.withSession(constraint),
  } as unknown as D1Database;
}
