// The reads of one rendered page or screen, shared by the in-process API requests it is made of
// (features/pages/in-process-api.ts). Each handler still asks as if alone, through the same routes and
// rules; here the same statement asked again (the session, the collection and the caller's role in it,
// its properties, the item) runs once, and the reads asked at the same moment go to D1 together as one
// batch: one round trip where each request used to make its own.

/** Bound values that identify a statement by their JSON (blobs do not, so such reads are not shared). */
type Plain = string | number | boolean | null;

const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * A statement that only reads. Only a statement that starts with SELECT or WITH and names no INSERT,
 * UPDATE, DELETE or REPLACE anywhere (a word in a string or a column name counts too) is shared;
 * anything doubtful runs on its own, as it would without this binding, and ends the sharing of the
 * reads before it. That is safe because the test only errs one way: a read taken for a write loses
 * its sharing (one more trip to D1) but keeps its answer, and no write can be taken for a read: every
 * SQLite statement that changes something either begins with another word (INSERT, UPDATE, DELETE,
 * REPLACE, CREATE, DROP, ALTER, PRAGMA…) or is a WITH ending in an INSERT, UPDATE, DELETE or REPLACE,
 * which the second test refuses. So a shared answer never stands for a write, nor for a read asked
 * after a write it should see.
 */
const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql);

/** `rows`: D1's result with rows as objects (all, first, run); `raw`: rows as arrays of column values. */
type Kind = 'rows' | 'raw';

interface Pending {
  kind: Kind;
  statement: SharedStatement;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

class Reads {
  private readonly answers = new Map<string, Promise<unknown>>();
  private queue: Pending[] = [];

  constructor(readonly d1: D1Database) {}

  read(kind: Kind, statement: SharedStatement): Promise<unknown> {
    const key = `${kind}\n${statement.sql}\n${JSON.stringify(statement.params)}`;
    let answer = this.answers.get(key);
    if (!answer) {
      answer = new Promise((resolve, reject) => {
        // The first read of a moment waits for the others the concurrent requests ask before it is sent.
        if (this.queue.push({ kind, statement, resolve, reject }) === 1) setTimeout(() => void this.flush(), 0);
      });
      this.answers.set(key, answer);
    }
    // Each request gets its own copy: a handler may change the rows it was given.
    return answer.then((value) => structuredClone(value));
  }

  /** A write (or a statement not known to read) ran: what was read before may have changed. */
  forget() {
    this.answers.clear();
  }

  private async flush() {
    const queue = this.queue;
    this.queue = [];
    if (queue.length === 1) return alone(queue[0]!);
    let results: D1Result[];
    try {
      results = await this.d1.batch(queue.map((pending) => batched(this.d1, pending)));
    } catch {
      // A batch fails as a whole: each read runs again on its own, so only a failing one fails.
      for (const pending of queue) void alone(pending);
      return;
    }
    queue.forEach((pending, i) => {
      if (pending.kind === 'rows') return pending.resolve(results[i]);
      const rows = columnValues(results[i]!);
      if (rows) pending.resolve(rows);
      else void alone(pending);
    });
  }
}

/**
 * A batch answers rows as objects, which would lose a column named twice (drizzle's joins read rows as
 * arrays for that reason): such a read is batched as a subquery, where SQLite names each column once.
 */
function batched(d1: D1Database, { kind, statement }: Pending): D1PreparedStatement {
  if (kind === 'rows') return statement.inner;
  return d1.prepare(`SELECT * FROM (${statement.sql.replace(/[\s;]+$/, '')})`).bind(...statement.params);
}

/** The rows as arrays, in column order: none when a column's name would have JavaScript reorder the keys. */
function columnValues(result: D1Result): unknown[][] | null {
  const rows = result.results as Record<string, unknown>[];
  if (rows.some((row) => Object.keys(row).some((name) => /^\d+$/.test(name)))) return null;
  return rows.map((row) => Object.values(row));
}

async function alone({ kind, statement, resolve, reject }: Pending) {
  try {
    resolve(kind === 'raw' ? await statement.inner.raw() : await statement.inner.all());
  } catch (error) {
    reject(error);
  }
}

class SharedStatement {
  constructor(
    private readonly reads: Reads,
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}

  bind(...values: unknown[]) {
    return new SharedStatement(this.reads, this.inner.bind(...values), this.sql, values);
  }

  /** Whether this read may be shared; a write also ends the sharing of what was read before it. */
  shared(): boolean {
    if (!isRead(this.sql)) {
      this.reads.forget();
      return false;
    }
    return this.params.every(isPlain);
  }

  async first<T>(column?: string): Promise<T | null> {
    if (!this.shared()) return column ? this.inner.first<T>(column) : this.inner.first<T>();
    const row = ((await this.reads.read('rows', this)) as D1Result<Record<string, unknown>>).results[0];
    if (!row) return null;
    return (column ? row[column] : row) as T;
  }

  async all<T>(): Promise<D1Result<T>> {
    if (!this.shared()) return this.inner.all<T>();
    return (await this.reads.read('rows', this)) as D1Result<T>;
  }

  async run<T>(): Promise<D1Result<T>> {
    if (!this.shared()) return this.inner.run<T>();
    return (await this.reads.read('rows', this)) as D1Result<T>;
  }

  async raw<T>(options?: { columnNames?: boolean }): Promise<T[]> {
    if (options?.columnNames || !this.shared()) return this.inner.raw<T>(options as { columnNames: true }) as Promise<T[]>;
    return (await this.reads.read('raw', this)) as T[];
  }
}

/** A D1 binding over `d1` whose reads are shared by whoever holds it (one page's requests). */
export function sharedReads(d1: D1Database): D1Database {
  const reads = new Reads(d1);
  return {
    prepare: (query: string) => new SharedStatement(reads, d1.prepare(query), query) as unknown as D1PreparedStatement,
    batch: async <T>(statements: D1PreparedStatement[]) => {
      const ours = statements as unknown as SharedStatement[];
      // Check each (no short cut): a write among them must end the sharing before it runs.
      const shared = ours.map((statement) => statement.shared());
      if (shared.every(Boolean)) return Promise.all(ours.map((statement) => statement.all<T>()));
      return d1.batch<T>(ours.map((statement) => statement.inner));
    },
    exec: (query: string) => {
      reads.forget();
      return d1.exec(query);
    },
    dump: () => d1.dump(),
    withSession: (constraint?: string) => d1.withSession(constraint),
  } as unknown as D1Database;
}

/** The in-process requests of one page, by their Request: the request context gives them its reads. */
const pageReads = new WeakMap<Request, D1Database>();

export function shareReads(request: Request, reads: D1Database): Request {
  pageReads.set(request, reads);
  return request;
}

export function sharedReadsOf(request: Request): D1Database | undefined {
  return pageReads.get(request);
}
