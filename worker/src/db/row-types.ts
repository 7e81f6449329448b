// Raw SQL (d1.prepare) returns rows as the database stores them, which drizzle's $inferSelect does not
// describe: column names instead of property names, 0/1 instead of booleans. These types derive that
// shape from the drizzle table, so a raw row type checked against them breaks the build when the
// schema changes.
import type { Column, Table } from 'drizzle-orm';

/** What the driver hands back for a column: its stored type, or null when the column allows it. */
type RawValue<C extends Column> = C['_']['driverParam'] | (C['_']['notNull'] extends true ? never : null);

/** One row of `SELECT * FROM <table>`, keyed by the columns' names in the database. */
export type RawRow<T extends Table> = {
  [K in keyof T['_']['columns'] as T['_']['columns'][K]['_']['name']]: RawValue<T['_']['columns'][K]>;
};

/** True only when A and B are the same type (not merely assignable either way). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Fails to compile unless given `true`: `type _Check = Expect<Equal<Mine, RawRow<typeof table>>>`. */
export type Expect<T extends true> = T;
