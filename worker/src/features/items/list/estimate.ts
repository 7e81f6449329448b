// Arithmetic of estimated totals.

/** The share of the collection's ids (from its oldest, lo, to its newest, hi) that entries up to id `last` cover. */
export function idShare(last: number, lo: number, hi: number): number {
  return Math.min(1, Math.max(1, last - lo + 1) / Math.max(1, hi - lo + 1));
}

/** About n: two significant digits, so an estimate never looks exact ("about 33,000"). */
export function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}
