// The collection view's list: toolbar, filters (a side panel that folds away, a sheet on phones) and
// results, all driven by the URL (use-item-query).
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { PER_PAGE_ALL } from '@shared/catalogue';
import type { Property } from '@shared/schemas/properties';
import { PackageOpen, SearchX, X } from 'lucide-react';
import { ErrorAlert } from '@web/components/alert';
import { ButtonLink } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { describeError } from '@web/lib/error-messages';
import { NARROW_SCREEN, useMediaQuery } from '@web/lib/use-media-query';
import { useFiltersPanel } from './use-filters-panel';
import { useFilters } from '../api/get-filters';
import { useAllItems, useItems } from '../api/get-items';
import { FiltersSheet } from './filters-sheet';
import { ItemResults, LoadMore } from './item-results';
import { ItemToolbar } from './item-toolbar';
import { Pagination } from './pagination';
import { activeFilterCount, isValidPageParam, itemsQuery, useItemQuery } from './use-item-query';
import './item-browser.css';
import { HydrateLater } from '@web/components/hydrate-later';
import { TURNS } from '@web/lib/hydration-turns';

// The side panel of filters is folded by default: its code comes when a wide screen unfolds it, so a
// visitor's page does not carry it (the phone's sheet is loaded the same way, filters-sheet.tsx).
const FiltersPanel = lazy(() => import('./filters-panel').then((module) => ({ default: module.FiltersPanel })));

const messages = defineMessages<{
  title: NoMessageValues;
  total: { count: number };
  totalAbout: { count: number };
  loaded: { count: number; total: number };
  loadedAbout: { count: number; total: number };
  empty: NoMessageValues;
  noMatch: NoMessageValues;
  emptyHint: NoMessageValues;
  noMatchHint: NoMessageValues;
  clear: NoMessageValues;
  more: NoMessageValues;
}>({
  title: { id: 'items.itemBrowser.title', defaultMessage: 'Items' },
  total: { id: 'items.itemBrowser.total', defaultMessage: '{count, plural, one {# item} other {# items}}' },
  totalAbout: { id: 'items.itemBrowser.totalAbout', defaultMessage: 'about {count, number} items' },
  loaded: { id: 'items.itemBrowser.loaded', defaultMessage: '{count, number} of {total, number} items shown' },
  loadedAbout: { id: 'items.itemBrowser.loadedAbout', defaultMessage: '{count, number} of about {total, number} items shown' },
  empty: { id: 'items.itemBrowser.empty', defaultMessage: 'No items yet.' },
  noMatch: { id: 'items.itemBrowser.noMatch', defaultMessage: 'No items match this search or these filters.' },
  emptyHint: { id: 'items.itemBrowser.emptyHint', defaultMessage: 'Items added to this collection will show here.' },
  noMatchHint: { id: 'items.itemBrowser.noMatchHint', defaultMessage: 'Try other words, or fewer filters.' },
  clear: { id: 'items.itemBrowser.clear', defaultMessage: 'Clear the search and filters' },
  more: { id: 'items.itemBrowser.more', defaultMessage: 'Show more items' },
});

interface ItemBrowserProps {
  collectionId: number;
  properties: Property[];
  searchDisabled: boolean;
  collectionType?: string;
  /** Offered when the collection has no items at all (the owner's "import a file"). */
  emptyAction?: ReactNode;
}

export function ItemBrowser({ collectionId, properties, searchDisabled, collectionType, emptyAction }: ItemBrowserProps) {
  const intl = useIntl();
  const query = useItemQuery(collectionId);
  const narrow = useMediaQuery(NARROW_SCREEN);
  const resultsId = useId();
  const panelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [panelOpen, togglePanel] = useFiltersPanel();
  const unlimited = query.perPage === PER_PAGE_ALL;
  const paged = useItems(collectionId, query.itemsQuery, !unlimited);
  const allQuery = itemsQuery(query.params, { withPage: false });
  const all = useAllItems(collectionId, allQuery, unlimited);
  const filters = useFilters(collectionId, query.filtersQuery);

  const pages = all.data;
  const allItems = useMemo(() => (pages ? pages.flatMap((page) => page.items) : undefined), [pages]);
  const items = unlimited ? allItems : paged.data?.items;
  const total = unlimited ? pages?.[0]?.total : paged.data?.total;
  // Too many matches to count: the server estimates, and the list says "about".
  const estimated = (unlimited ? pages?.[0]?.totalEstimated : paged.data?.totalEstimated) ?? false;
  const error = unlimited ? all.error : paged.error;
  const lastPage = pages?.[pages.length - 1];
  const hasMore =
    unlimited &&
    total !== undefined &&
    allItems !== undefined &&
    (estimated || allItems.length < total) &&
    (lastPage?.items.length ?? 0) > 0;
  const { setSize, size, isValidating } = all;
  const loadingMore = isValidating || size > (pages?.length ?? 0);
  const loadedPages = pages?.length ?? 0;
  // The observer and the button may both ask before the list re-renders: each next page is asked once.
  const requested = useRef('');
  const loadMore = useCallback(() => {
    const next = `${allQuery}#${loadedPages + 1}`;
    if (!hasMore || loadingMore || requested.current === next) return;
    requested.current = next;
    void setSize(loadedPages + 1);
  }, [allQuery, hasMore, loadingMore, loadedPages, setSize]);

  const perPage = typeof query.perPage === 'number' ? query.perPage : 1;
  const counted = total === undefined ? 0 : Math.max(1, Math.ceil(total / perPage));
  // An estimated total may fall short: a full page always offers the next one.
  const pageCount = estimated && (items?.length ?? 0) >= perPage ? Math.max(counted, query.page + 1) : counted;
  const facets = filters.data?.filters;
  const showFilters = query.activeFilters || !facets || facets.length > 0;
  const searching = query.q !== '' || query.activeFilters;
  // Wide screens: the side panel folds away, so the covers take the whole width until it is asked for.
  const withPanel = showFilters && !narrow && panelOpen;

  // No dead end: a page past the last one shows the last page, and 0, negatives or junk the first,
  // replacing the address rather than adding a history entry.
  const { change, page, params } = query;
  const validPage = isValidPageParam(params);
  useEffect(() => {
    if (!validPage) change((next) => next.delete('page'), { replace: true });
    else if (!unlimited && pageCount > 0 && page > pageCount) {
      change((next) => (pageCount > 1 ? next.set('page', String(pageCount)) : next.delete('page')), {
        keepPage: true,
        replace: true,
      });
    }
  }, [change, page, pageCount, unlimited, validPage]);

  return (
    <div className="browser">
      {/* A rendered page's toolbar is taken over first, before the cards (lib/hydration-turns.ts). */}
      <HydrateLater turn={TURNS.controls}>
        <ItemToolbar
          query={query}
          properties={properties}
          searchDisabled={searchDisabled}
          narrow={narrow}
          onOpenFilters={showFilters ? () => (narrow ? setFiltersOpen(true) : togglePanel()) : undefined}
          filtersOpen={panelOpen}
          filtersPanelId={panelId}
          activeFilterCount={activeFilterCount(query.params)}
        />
      </HydrateLater>
      {narrow && showFilters ? (
        <FiltersSheet collectionId={collectionId} open={filtersOpen} onClose={() => setFiltersOpen(false)} query={query} />
      ) : null}
      <div className={withPanel ? 'browser__layout' : 'browser__layout browser__layout--full'}>
        {withPanel ? (
          <Suspense fallback={null}>
            <FiltersPanel id={panelId} facets={facets} query={query} resultsId={resultsId} />
          </Suspense>
        ) : null}
        <section className="browser__results" id={resultsId} tabIndex={-1} aria-labelledby="item-browser-title">
          <div className="browser__summary">
            <h2 id="item-browser-title" className="visually-hidden">
              {intl.formatMessage(messages.title)}
            </h2>
            {total !== undefined ? (
              <p className="muted" aria-live="polite">
                {unlimited && allItems && (estimated || allItems.length < total)
                  ? intl.formatMessage(estimated ? messages.loadedAbout : messages.loaded, {
                      count: allItems.length,
                      total: Math.max(total, allItems.length),
                    })
                  : intl.formatMessage(estimated ? messages.totalAbout : messages.total, { count: total })}
              </p>
            ) : null}
          </div>
          {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
          {!items && !error ? <Loading /> : null}
          {items && items.length === 0 ? (
            searching ? (
              <EmptyState
                icon={SearchX}
                title={intl.formatMessage(messages.noMatch)}
                action={
                  <ButtonLink variant="secondary" icon={X} to=".">
                    {intl.formatMessage(messages.clear)}
                  </ButtonLink>
                }
              >
                <p>{intl.formatMessage(messages.noMatchHint)}</p>
              </EmptyState>
            ) : (
              <EmptyState icon={PackageOpen} title={intl.formatMessage(messages.empty)} action={emptyAction}>
                <p>{intl.formatMessage(messages.emptyHint)}</p>
              </EmptyState>
            )
          ) : null}
          {items && items.length > 0 ? (
            <ItemResults
              collectionId={collectionId}
              items={items}
              mode={query.display}
              properties={properties}
              collectionType={collectionType}
              cursors={unlimited ? undefined : { next: paged.data?.next, prev: paged.data?.prev }}
            />
          ) : null}
          {unlimited && hasMore ? <LoadMore onVisible={loadMore} busy={loadingMore} label={intl.formatMessage(messages.more)} /> : null}
          {!unlimited ? (
            <Pagination
              params={query.params}
              page={query.page}
              pageCount={pageCount}
              cursors={{ next: paged.data?.next, prev: paged.data?.prev }}
              estimated={paged.data?.totalEstimated}
              placed={paged.data?.pageEstimated}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
