// Phones: the filters in a bottom sheet (open-filters-sheet.tsx), its own chunk loaded on opening, so a
// visitor's collection page does not carry the facets' code before anyone asks for them.
import { lazy, Suspense } from 'react';
import type { FilterQuery } from './filters-panel';

const OpenFiltersSheet = lazy(() => import('./open-filters-sheet'));

interface FiltersSheetProps {
  collectionId: number;
  open: boolean;
  onClose: () => void;
  /** The list's query as it stands in the URL. */
  query: FilterQuery;
}

export function FiltersSheet({ collectionId, open, onClose, query }: FiltersSheetProps) {
  return open ? (
    <Suspense fallback={null}>
      <OpenFiltersSheet collectionId={collectionId} onClose={onClose} query={query} />
    </Suspense>
  ) : null;
}
