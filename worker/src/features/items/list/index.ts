// Pages of a collection's items and the filter panel's counts: what the rest of the Worker uses of the
// list planner (docs/item-lists.md).
export { listItems } from './list-items';
export { listFacets } from './facets';
export type { ListRequest } from './request';
export { numberBounds, propertyNumbers } from './range-counts';
export {
  FACET_SAMPLE,
  FEW_MATCHES,
  LENT_READ,
  LISTED_BITMAP_MAX,
  LISTED_RANGE_VALUES,
  RANGE_COUNT_ROWS,
  SEARCH_PROBE,
  UNLIMITED_PAGE_SIZE,
} from './tuning';
