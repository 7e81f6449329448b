// Phones: the filters in a bottom sheet, as opened. Ticks and ranges change a draft of the URL; the facets
// and the "Show 42 items" button follow the draft, and only "Apply" writes it to the URL (one history entry).
import { useCallback, useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { Sheet } from '@web/components/sheet';
import { useFilters } from '../api/get-filters';
import { useItems } from '../api/get-items';
import { FilterFacets, type FilterQuery } from './filters-panel';
import { filtersQuery, isFilterKey, itemsQuery } from './use-item-query';

const messages = defineMessages<{
  title: NoMessageValues;
  apply: { count: number };
  applyAbout: { count: number };
  counting: NoMessageValues;
}>({
  title: { id: 'items.filtersSheet.title', defaultMessage: 'Filters' },
  apply: {
    id: 'items.filtersSheet.apply',
    defaultMessage: '{count, plural, =0 {No matching items} one {Show # item} other {Show # items}}',
  },
  applyAbout: { id: 'items.filtersSheet.applyAbout', defaultMessage: 'Show about {count, number} items' },
  counting: { id: 'items.filtersSheet.counting', defaultMessage: 'Counting…' },
});

interface OpenFiltersSheetProps {
  collectionId: number;
  onClose: () => void;
  /** The list's query as it stands in the URL. */
  query: FilterQuery;
}

/** Mounted only while open, so each opening starts its draft from the URL. */
export default function OpenFiltersSheet({ collectionId, onClose, query }: OpenFiltersSheetProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState(() => new URLSearchParams(query.params));
  const change = useCallback<FilterQuery['change']>((edit) => {
    setDraft((current) => {
      const next = new URLSearchParams(current);
      edit(next);
      next.delete('page');
      return next;
    });
  }, []);
  const draftQuery: FilterQuery = useMemo(
    () => ({ params: draft, change, activeFilters: [...draft.keys()].some(isFilterKey) }),
    [draft, change],
  );
  const facets = useFilters(collectionId, filtersQuery(draft));
  // The smallest page is enough: only the total is read.
  const countQuery = new URLSearchParams(itemsQuery(draft, { withPage: false }));
  countQuery.set('perPage', '20');
  const counted = useItems(collectionId, countQuery.toString());
  const total = counted.isLoading ? undefined : counted.data?.total;
  const estimated = counted.data?.totalEstimated ?? false;

  function apply() {
    query.change((next) => {
      for (const key of [...next.keys()]) if (isFilterKey(key)) next.delete(key);
      for (const [key, value] of draft) if (isFilterKey(key)) next.append(key, value);
    });
    onClose();
  }

  return (
    <Sheet
      open
      title={intl.formatMessage(messages.title)}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={apply} aria-live="polite">
          {total === undefined
            ? intl.formatMessage(messages.counting)
            : intl.formatMessage(estimated ? messages.applyAbout : messages.apply, { count: total })}
        </button>
      }
    >
      <FilterFacets facets={facets.data?.filters} query={draftQuery} />
    </Sheet>
  );
}
