// The weeks of a month as a calendar shows them, and month arithmetic on YYYY-MM, all in UTC so a day
// is the same day wherever the browser is.
import type { DayRange } from '@shared/schemas/reservations';

/** The month after (+1) or before (−1) one, YYYY-MM. */
export function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1 + by, 1)).toISOString().slice(0, 7);
}

/** Monday first in French, Sunday first in American English. */
export const firstWeekday = (locale: string) => (locale.startsWith('en-US') || locale === 'en' ? 0 : 1);

/** The month's days (YYYY-MM-DD) in rows of seven, null before the first and after the last. */
export function monthWeeks(month: string, weekStart: number): (string | null)[][] {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, index - 1, 1));
  const days = new Date(Date.UTC(year, index, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: (first.getUTCDay() - weekStart + 7) % 7 }, () => null);
  for (let day = 1; day <= days; day++) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Whether a day falls in one of the ranges (days compare as text). */
export const inRanges = (day: string, ranges: DayRange[]) => ranges.some((r) => r.from <= day && day <= r.to);
