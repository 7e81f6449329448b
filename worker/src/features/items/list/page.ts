// What every plan is asked (the page's shape) and what it answers (the page).
import type { ListedItemRow } from '@worker/db/raw-rows';
import type { PropertyRow } from '@worker/lib/values';
import type { PageCursor, PlacedCursor } from './cursor';
import type { END } from './cursor';

/** What a list request asks of every plan: the page, its order and the columns read. */
export interface PageShape {
  perPage: number;
  page: number;
  offset: number;
  /**
   * Where the previous page ended (`after`), or where the next one starts (`before`), when sent. `end`:
   * the page ends the list (read from the end, as the last page when the total is an estimate).
   */
  after: PageCursor | null;
  before: PageCursor | typeof END | null;
  dir: 'ASC' | 'DESC';
  /** The sortable property, or null for the created / updated dates. */
  sortProp: PropertyRow | null;
  dateColumn: 'i.created_at' | 'i.updated_at';
  columns: string;
}

/** The page: items, the total, and whether that total is an estimate ("about N"). */
export interface ListedPage {
  rows: ListedItemRow[];
  total: number;
  estimated: boolean;
  /** Where this page ended, when it was walked and more may follow. */
  next?: PlacedCursor;
  /** Where this page starts, when it was walked and is not the first. */
  prev?: PlacedCursor;
  /** Placed by the kept ranks from the matches' share: its number is an estimate too ("≈ N"). */
  pageEstimated?: boolean;
}
