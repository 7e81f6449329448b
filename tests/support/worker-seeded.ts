// A small seeded generator (mulberry32) for the randomized worker tests: every run of a seed makes the
// same data and requests, so a failure names the seed that reproduces it.
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  /** n different elements of the list, in random order. */
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length > 0) out.push(copy.splice(int(copy.length), 1)[0]!);
    return out;
  };
  /** Up to `most` different elements (possibly none). */
  const some = <T>(list: readonly T[], most: number): T[] => sample(list, int(most + 1));
  const chance = (p: number) => next() < p;
  return { next, int, pick, sample, some, chance };
}
