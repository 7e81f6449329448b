// Search, sort, direction, items per page, display mode and the Filters button of the collection view,
// in one slim bar (phones: search in the bar, the rest in sheets). Each control writes the URL; the
// list follows the URL.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Filter, LayoutGrid, List, Search, SlidersHorizontal, Store, X } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import { DISPLAY_MODES, PER_PAGE_ALL, PER_PAGE_OPTIONS, SEARCH_MAX_LENGTH } from '@shared/catalogue';
import type { DisplayMode } from '@shared/catalogue';
import type { Property } from '@shared/schemas/properties';
import { SelectField } from '@web/components/select-field';
import { Sheet } from '@web/components/sheet';
import type { useItemQuery } from './use-item-query';

const messages = defineMessages({
  search: { id: 'items.itemToolbar.search', defaultMessage: 'Search' },
  searchLabel: { id: 'items.itemToolbar.searchLabel', defaultMessage: 'Search the items' },
  searchDisabled: { id: 'items.itemToolbar.searchDisabled', defaultMessage: 'Search is disabled in demo mode.' },
  clearSearch: { id: 'items.itemToolbar.clearSearch', defaultMessage: 'Clear the search' },
  sort: { id: 'items.itemToolbar.sort', defaultMessage: 'Sort by' },
  created: { id: 'items.itemToolbar.created', defaultMessage: 'Date added' },
  updated: { id: 'items.itemToolbar.updated', defaultMessage: 'Last change' },
  dir: { id: 'items.itemToolbar.dir', defaultMessage: 'Order' },
  asc: { id: 'items.itemToolbar.asc', defaultMessage: 'Ascending' },
  desc: { id: 'items.itemToolbar.desc', defaultMessage: 'Descending' },
  perPage: { id: 'items.itemToolbar.perPage', defaultMessage: 'Items per page' },
  unlimited: { id: 'items.itemToolbar.unlimited', defaultMessage: 'Unlimited' },
  filters: { id: 'items.itemToolbar.filters', defaultMessage: 'Filters' },
  display: { id: 'items.itemToolbar.display', defaultMessage: 'Display' },
  options: { id: 'items.itemToolbar.options', defaultMessage: 'Sort and display' },
  done: { id: 'items.itemToolbar.done', defaultMessage: 'Done' },
});

const countMessages = defineMessages<{ activeFilters: { count: number }; perPageOption: { count: number } }>({
  perPageOption: { id: 'items.itemToolbar.perPageOption', defaultMessage: '{count, number} a page' },
  activeFilters: {
    id: 'items.itemToolbar.activeFilters',
    defaultMessage: '{count, plural, =0 {Filters} one {Filters, # active} other {Filters, # active}}',
  },
});

export const displayMessages = defineMessages({
  list: { id: 'items.itemToolbar.displayList', defaultMessage: 'List' },
  mosaic: { id: 'items.itemToolbar.displayMosaic', defaultMessage: 'Mosaic' },
  shop: { id: 'items.itemToolbar.displayShop', defaultMessage: 'Shop' },
}) satisfies Record<DisplayMode, MessageDescriptor>;

const displayIcons: Record<DisplayMode, LucideIcon> = { list: List, mosaic: LayoutGrid, shop: Store };

const DATE_SORTS = ['created', 'updated'];

/** Newest first for dates, A to Z for properties. */
export function defaultDirection(sort: string): 'asc' | 'desc' {
  return DATE_SORTS.includes(sort) ? 'desc' : 'asc';
}

type Query = ReturnType<typeof useItemQuery>;

interface ItemToolbarProps {
  query: Query;
  properties: Property[];
  searchDisabled: boolean;
  /** Phones: search in a compact bar, the rest in sheets. */
  narrow: boolean;
  /** Opens the filters sheet (phones) or unfolds the side panel (absent when the collection has no filters). */
  onOpenFilters?: () => void;
  /** Wide screens: whether the side panel is unfolded, and its id. */
  filtersOpen?: boolean;
  filtersPanelId?: string;
  activeFilterCount: number;
}

/** In the slim bar the selects speak for themselves: their labels are for screen readers only. */
function ListOptions({ query, properties, slim = false }: { query: Query; properties: Property[]; slim?: boolean }) {
  const intl = useIntl();
  const id = useId();
  const { params, change } = query;
  const sort = params.get('sort') ?? 'created';
  const dirParam = params.get('dir');
  const dir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultDirection(sort);
  const sortable = properties.filter((property) => property.sortable);
  return (
    <div className={slim ? 'item-toolbar__controls item-toolbar__controls--slim' : 'item-toolbar__controls'}>
      <SelectField
        label={intl.formatMessage(messages.sort)}
        value={sort}
        onChange={(event) => {
          const value = event.target.value;
          change((next) => {
            next.set('sort', value);
            next.set('dir', dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultDirection(value));
          });
        }}
      >
        <option value="created">{intl.formatMessage(messages.created)}</option>
        <option value="updated">{intl.formatMessage(messages.updated)}</option>
        {sortable.map((property) => (
          <option key={property.id} value={property.key}>
            {property.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={intl.formatMessage(messages.dir)}
        value={dir}
        onChange={(event) => {
          const value = event.target.value;
          change((next) => {
            if (!next.has('sort')) next.set('sort', sort);
            next.set('dir', value);
          });
        }}
      >
        <option value="asc">{intl.formatMessage(messages.asc)}</option>
        <option value="desc">{intl.formatMessage(messages.desc)}</option>
      </SelectField>
      <SelectField
        label={intl.formatMessage(messages.perPage)}
        value={String(query.perPage)}
        onChange={(event) => {
          const value = event.target.value;
          change((next) => next.set('perPage', value));
        }}
      >
        {PER_PAGE_OPTIONS.map((option) => (
          <option key={option} value={String(option)}>
            {slim ? intl.formatMessage(countMessages.perPageOption, { count: option }) : intl.formatNumber(option)}
          </option>
        ))}
        <option value={PER_PAGE_ALL}>{intl.formatMessage(messages.unlimited)}</option>
      </SelectField>
      <div className="field item-toolbar__display">
        <span className="field__label" id={`${id}-display`}>
          {intl.formatMessage(messages.display)}
        </span>
        <div className="segmented" role="group" aria-labelledby={`${id}-display`}>
          {DISPLAY_MODES.map((mode) => {
            const Icon = displayIcons[mode];
            const label = intl.formatMessage(displayMessages[mode]);
            return (
              <button
                key={mode}
                type="button"
                className={mode === query.display ? 'segmented__button is-active' : 'segmented__button'}
                aria-pressed={mode === query.display}
                title={slim ? label : undefined}
                onClick={() => query.setDisplay(mode)}
              >
                {slim ? <Icon aria-hidden="true" size={18} /> : null}
                <span className={slim ? 'visually-hidden' : undefined}>{label}</span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}

export function ItemToolbar({
  query,
  properties,
  searchDisabled,
  narrow,
  onOpenFilters,
  filtersOpen,
  filtersPanelId,
  activeFilterCount,
}: ItemToolbarProps) {
  const intl = useIntl();
  const searchId = useId();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const { change } = query;

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    change((next) => (q ? next.set('q', q) : next.delete('q')));
  }

  const filtersLabel = intl.formatMessage(countMessages.activeFilters, { count: activeFilterCount });

  return (
    <div className={narrow ? 'item-toolbar item-toolbar--narrow' : 'item-toolbar'}>
      <div className="item-toolbar__bar">
        <form role="search" className="item-toolbar__search" onSubmit={onSearch}>
          <label className="visually-hidden" htmlFor={searchId}>
            {intl.formatMessage(messages.searchLabel)}
          </label>
          <input
            key={query.q}
            id={searchId}
            name="q"
            type="search"
            className="field__input"
            defaultValue={query.q}
            maxLength={SEARCH_MAX_LENGTH}
            disabled={searchDisabled}
            placeholder={intl.formatMessage(messages.searchLabel)}
            aria-describedby={searchDisabled ? `${searchId}-hint` : undefined}
          />
          <button
            type="submit"
            className="button item-toolbar__icon"
            disabled={searchDisabled}
            aria-label={intl.formatMessage(messages.search)}
            title={intl.formatMessage(messages.search)}
          >
            <Search aria-hidden="true" size={20} />
          </button>
          {query.q && !searchDisabled ? (
            <button
              type="button"
              className="button button--secondary item-toolbar__icon"
              aria-label={intl.formatMessage(messages.clearSearch)}
              title={intl.formatMessage(messages.clearSearch)}
              onClick={() => change((next) => next.delete('q'))}
            >
              <X aria-hidden="true" size={20} />
            </button>
          ) : null}
        </form>
        {narrow ? (
          <>
            <button
              type="button"
              className="button button--secondary item-toolbar__icon"
              aria-label={intl.formatMessage(messages.options)}
              aria-haspopup="dialog"
              onClick={() => setOptionsOpen(true)}
            >
              <SlidersHorizontal aria-hidden="true" size={20} />
            </button>
            {onOpenFilters ? (
              <button
                type="button"
                className="button button--secondary item-toolbar__icon item-toolbar__filters"
                aria-label={filtersLabel}
                aria-haspopup="dialog"
                onClick={onOpenFilters}
              >
                <Filter aria-hidden="true" size={20} />
                {activeFilterCount > 0 ? (
                  <span className="item-toolbar__badge" aria-hidden="true">
                    {intl.formatNumber(activeFilterCount)}
                  </span>
                ) : null}
              </button>
            ) : null}
          </>
        ) : (
          <>
            <ListOptions query={query} properties={properties} slim />
            {onOpenFilters ? (
              <button
                type="button"
                className="button button--secondary item-toolbar__filters"
                aria-label={filtersLabel}
                aria-expanded={filtersOpen ?? false}
                aria-controls={filtersOpen ? filtersPanelId : undefined}
                onClick={onOpenFilters}
              >
                <Filter aria-hidden="true" size={18} />
                {intl.formatMessage(messages.filters)}
                {activeFilterCount > 0 ? (
                  <span className="item-toolbar__count" aria-hidden="true">
                    {intl.formatNumber(activeFilterCount)}
                  </span>
                ) : null}
              </button>
            ) : null}
          </>
        )}
      </div>
      {searchDisabled ? (
        <p className="field__hint item-toolbar__hint" id={`${searchId}-hint`}>
          {intl.formatMessage(messages.searchDisabled)}
        </p>
      ) : null}
      {narrow ? (
        <Sheet
          open={optionsOpen}
          title={intl.formatMessage(messages.options)}
          onClose={() => setOptionsOpen(false)}
          footer={
            <button type="button" className="button" onClick={() => setOptionsOpen(false)}>
              {intl.formatMessage(messages.done)}
            </button>
          }
        >
          <ListOptions query={query} properties={properties} />
        </Sheet>
      ) : null}
    </div>
  );
}
