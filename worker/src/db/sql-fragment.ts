// SQL composed with its bound values. A fragment carries its text and its binds together, so pieces
// joined into a statement keep each `?` next to its value, where strings and arrays kept side by side
// drift apart. Values become `?` and binds; fragments nest; `raw` takes text the code itself wrote.

export class SqlFragment {
  constructor(
    readonly text: string,
    readonly binds: readonly unknown[],
  ) {}
}

/** A fragment: each interpolated fragment is inlined with its binds, each other value bound as `?`. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  let text = strings[0]!;
  const binds: unknown[] = [];
  values.forEach((value, index) => {
    if (value instanceof SqlFragment) {
      text += value.text;
      binds.push(...value.binds);
    } else {
      text += '?';
      binds.push(value);
    }
    text += strings[index + 1]!;
  });
  return new SqlFragment(text, binds);
}

/** Text the code wrote itself (identifiers, inline ids, SQL of its own), taken as it is, with no bind. */
export function raw(text: string): SqlFragment {
  return new SqlFragment(text, []);
}

/** SQL written elsewhere with its own `?` (a search test), and their values in order. */
export function bound(text: string, binds: readonly unknown[]): SqlFragment {
  return new SqlFragment(text, binds);
}

/** The fragment with its text rewritten by `rewrite`, which keeps its `?` as they are. */
export function rewritten(fragment: SqlFragment, rewrite: (text: string) => string): SqlFragment {
  return new SqlFragment(rewrite(fragment.text), fragment.binds);
}

/** Fragments one after another with `separator` between them (its binds in order). */
export function join(parts: readonly SqlFragment[], separator: string): SqlFragment {
  return new SqlFragment(
    parts.map((part) => part.text).join(separator),
    parts.flatMap((part) => part.binds),
  );
}

/** The fragment as a D1 statement, its values bound. */
export function prepare(d1: D1Database, fragment: SqlFragment): D1PreparedStatement {
  return d1.prepare(fragment.text).bind(...fragment.binds);
}
