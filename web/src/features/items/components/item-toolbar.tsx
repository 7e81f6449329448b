// Search, sort, direction, items per page and display mode of the collection view. Each control writes
// the URL; the list follows the URL.
import { useId } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import { DISPLAY_MODES, PER_PAGE_ALL, PER_PAGE_OPTIONS, SEARCH_MAX_LENGTH } from '../../../../../shared/catalogue';
import type { DisplayMode } from '../../../../../shared/catalogue';
import type { Property } from '../../../../../shared/schemas/properties';
import { SelectField } from '../../../components/select-field';
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
  display: { id: 'items.itemToolbar.display', defaultMessage: 'Display' },
});

export const displayMessages = defineMessages({
  list: { id: 'items.itemToolbar.displayList', defaultMessage: 'List' },
  mosaic: { id: 'items.itemToolbar.displayMosaic', defaultMessage: 'Mosaic' },
  shop: { id: 'items.itemToolbar.displayShop', defaultMessage: 'Shop' },
}) satisfies Record<DisplayMode, MessageDescriptor>;

const DATE_SORTS = ['created', 'updated'];

/** Newest first for dates, A to Z for properties. */
export function defaultDirection(sort: string): 'asc' | 'desc' {
  return DATE_SORTS.includes(sort) ? 'desc' : 'asc';
}

interface ItemToolbarProps {
  query: ReturnType<typeof useItemQuery>;
  properties: Property[];
  searchDisabled: boolean;
}

export function ItemToolbar({ query, properties, searchDisabled }: ItemToolbarProps) {
  const intl = useIntl();
  const searchId = useId();
  const { params, change } = query;
  const sort = params.get('sort') ?? 'created';
  const dirParam = params.get('dir');
  const dir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultDirection(sort);
  const sortable = properties.filter((property) => property.sortable);

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    change((next) => (q ? next.set('q', q) : next.delete('q')));
  }

  return (
    <div className="item-toolbar">
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
        <button type="submit" className="button" disabled={searchDisabled}>
          {intl.formatMessage(messages.search)}
        </button>
        {query.q && !searchDisabled ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => change((next) => next.delete('q'))}
          >
            {intl.formatMessage(messages.clearSearch)}
          </button>
        ) : null}
        {searchDisabled ? (
          <p className="field__hint item-toolbar__hint" id={`${searchId}-hint`}>
            {intl.formatMessage(messages.searchDisabled)}
          </p>
        ) : null}
      </form>
      <div className="item-toolbar__controls">
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
              {intl.formatNumber(option)}
            </option>
          ))}
          <option value={PER_PAGE_ALL}>{intl.formatMessage(messages.unlimited)}</option>
        </SelectField>
        <div className="field item-toolbar__display">
          <span className="field__label" id={`${searchId}-display`}>
            {intl.formatMessage(messages.display)}
          </span>
          <div className="segmented" role="group" aria-labelledby={`${searchId}-display`}>
            {DISPLAY_MODES.map((mode) => (
              <button
                key={mode}
                type="button"
                className={mode === query.display ? 'segmented__button is-active' : 'segmented__button'}
                aria-pressed={mode === query.display}
                onClick={() => query.setDisplay(mode)}
              >
                {intl.formatMessage(displayMessages[mode])}
              </button>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
