// The filters of the collection view, from the server's facets: values to tick (with their counts),
// ranges with a minimum and a maximum, yes/no. A side panel on wide screens; on phones the same facets
// fill a sheet (filters-sheet.tsx) that works on a draft of the URL until "Apply".
import { useId } from 'react';
import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { FilterFacet } from '@shared/schemas/items';
import { FILTER_PREFIX, MAX_PREFIX, MIN_PREFIX } from '@shared/catalogue';
import { commonMessages } from '@web/components/common-messages';
import { isoToLocalInput } from '@web/lib/local-datetime';
import { useLoansEnabled } from '@web/lib/use-settings';
import { AVAILABILITY_KEY, isFilterKey } from './use-item-query';
import type { useItemQuery } from './use-item-query';

const messages = defineMessages<{
  title: NoMessageValues;
  skip: NoMessageValues;
  clear: NoMessageValues;
  any: NoMessageValues;
  min: NoMessageValues;
  max: NoMessageValues;
  apply: NoMessageValues;
  none: NoMessageValues;
  count: { count: number };
  countAbout: { count: number };
  minOf: { label: string };
  maxOf: { label: string };
  availability: NoMessageValues;
  available: NoMessageValues;
  lent: NoMessageValues;
}>({
  availability: { id: 'items.filtersPanel.availability', defaultMessage: 'Availability' },
  available: { id: 'items.filtersPanel.available', defaultMessage: 'Available' },
  lent: { id: 'items.filtersPanel.lent', defaultMessage: 'Lent' },
  title: { id: 'items.filtersPanel.title', defaultMessage: 'Filters' },
  skip: { id: 'items.filtersPanel.skip', defaultMessage: 'Skip to results' },
  clear: { id: 'items.filtersPanel.clear', defaultMessage: 'Clear all filters' },
  any: { id: 'items.filtersPanel.any', defaultMessage: 'Any' },
  min: { id: 'items.filtersPanel.min', defaultMessage: 'From' },
  max: { id: 'items.filtersPanel.max', defaultMessage: 'To' },
  apply: { id: 'items.filtersPanel.apply', defaultMessage: 'Apply' },
  none: { id: 'items.filtersPanel.none', defaultMessage: 'No filters for this collection.' },
  count: { id: 'items.filtersPanel.count', defaultMessage: '({count, number})' },
  countAbout: { id: 'items.filtersPanel.countAbout', defaultMessage: '(about {count, number})' },
  minOf: { id: 'items.filtersPanel.minOf', defaultMessage: '{label}: from' },
  maxOf: { id: 'items.filtersPanel.maxOf', defaultMessage: '{label}: to' },
});

/** What the facets read and write: the URL itself (side panel) or the sheet's draft of it. */
export type FilterQuery = Pick<ReturnType<typeof useItemQuery>, 'params' | 'change' | 'activeFilters'>;
type Query = FilterQuery;

function ValuesFacet({ facet, query }: { facet: FilterFacet; query: Query }) {
  const intl = useIntl();
  const name = `${FILTER_PREFIX}${facet.key}`;
  const selected = query.params.getAll(name);
  // Values picked in the URL but absent from the facet (no longer counted) stay visible, so they can be unticked.
  const values = [
    ...facet.values,
    ...selected.filter((value) => !facet.values.some((entry) => entry.value === value)).map((value) => ({ value, count: 0 })),
  ];
  return (
    <fieldset className="filter">
      <legend className="filter__title">{facet.label}</legend>
      <ul className="filter__values">
        {values.map((entry) => {
          const checked = selected.includes(entry.value);
          return (
            <li key={entry.value}>
              <label className="filter__option">
                <input
                  type="checkbox"
                  className="field__checkbox"
                  checked={checked}
                  onChange={() =>
                    query.change((next) => {
                      const current = next.getAll(name);
                      next.delete(name);
                      const kept = checked ? current.filter((value) => value !== entry.value) : [...current, entry.value];
                      for (const value of kept) next.append(name, value);
                    })
                  }
                />
                <span className="filter__value">{entry.value}</span>
                <span className="filter__count muted">
                  {intl.formatMessage(facet.estimated ? messages.countAbout : messages.count, { count: entry.count })}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function YesNoFacet({ facet, query }: { facet: FilterFacet; query: Query }) {
  const intl = useIntl();
  const name = `${FILTER_PREFIX}${facet.key}`;
  const current = query.params.get(name) ?? '';
  const count = (value: string) => facet.values.find((entry) => entry.value === value)?.count;
  const options = [
    { value: '', label: intl.formatMessage(messages.any), count: undefined },
    { value: 'true', label: intl.formatMessage(commonMessages.yes), count: count('true') },
    { value: 'false', label: intl.formatMessage(commonMessages.no), count: count('false') },
  ];
  return (
    <fieldset className="filter">
      <legend className="filter__title">{facet.label}</legend>
      <ul className="filter__values">
        {options.map((option) => (
          <li key={option.value}>
            <label className="filter__option">
              <input
                type="radio"
                className="field__checkbox"
                name={`filter-${facet.key}`}
                checked={current === option.value}
                onChange={() => query.change((next) => (option.value ? next.set(name, option.value) : next.delete(name)))}
              />
              <span className="filter__value">{option.label}</span>
              {option.count !== undefined ? (
                <span className="filter__count muted">
                  {intl.formatMessage(facet.estimated ? messages.countAbout : messages.count, { count: option.count })}
                </span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

interface RangeEndProps {
  id: string;
  end: 'min' | 'max';
  /** "From" or "To", shown; `fullLabel` names the property too, for screen readers. */
  label: string;
  fullLabel: string;
  value: string;
  inputType: 'date' | 'datetime-local' | 'number';
  /** The facet's own end, written as the input takes it: the placeholder, and a date's limit. */
  facetEnd: string | undefined;
  isDate: boolean;
}

/** One end of a range filter. */
function RangeEnd({ id, end, label, fullLabel, value, inputType, facetEnd, isDate }: RangeEndProps) {
  const limit = isDate ? facetEnd : undefined;
  return (
    <div className="field">
      <label className="field__hint" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={end}
        type={inputType}
        step={isDate ? undefined : 'any'}
        className="field__input"
        defaultValue={value}
        placeholder={facetEnd}
        {...(end === 'min' ? { min: limit } : { max: limit })}
        aria-label={fullLabel}
      />
    </div>
  );
}

function RangeFacet({ facet, query }: { facet: FilterFacet; query: Query }) {
  const intl = useIntl();
  const id = useId();
  const minName = `${MIN_PREFIX}${facet.key}`;
  const maxName = `${MAX_PREFIX}${facet.key}`;
  const min = query.params.get(minName) ?? '';
  const max = query.params.get(maxName) ?? '';
  // Bounds are written as the property's values are: a day, a local date and time, or a number.
  const isDate = facet.type === 'date' || facet.type === 'datetime';
  const inputType = facet.type === 'date' ? 'date' : facet.type === 'datetime' ? 'datetime-local' : 'number';
  const bound = (value: number | string | null) =>
    value === null
      ? undefined
      : facet.type === 'date'
        ? String(value).slice(0, 10)
        : facet.type === 'datetime'
          ? isoToLocalInput(String(value))
          : String(value);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = String(form.get('min') ?? '').trim();
    const to = String(form.get('max') ?? '').trim();
    query.change((next) => {
      if (from) next.set(minName, from);
      else next.delete(minName);
      if (to) next.set(maxName, to);
      else next.delete(maxName);
    });
  }

  return (
    <form className="filter" onSubmit={apply} aria-labelledby={`${id}-title`} key={`${min}|${max}`}>
      <p className="filter__title" id={`${id}-title`}>
        {facet.label}
      </p>
      <div className="filter__range">
        <RangeEnd
          id={`${id}-min`}
          end="min"
          label={intl.formatMessage(messages.min)}
          fullLabel={intl.formatMessage(messages.minOf, { label: facet.label })}
          value={min}
          inputType={inputType}
          facetEnd={bound(facet.min)}
          isDate={isDate}
        />
        <RangeEnd
          id={`${id}-max`}
          end="max"
          label={intl.formatMessage(messages.max)}
          fullLabel={intl.formatMessage(messages.maxOf, { label: facet.label })}
          value={max}
          inputType={inputType}
          facetEnd={bound(facet.max)}
          isDate={isDate}
        />
        <button type="submit" className="button button--small button--secondary">
          {intl.formatMessage(messages.apply)}
        </button>
      </div>
    </form>
  );
}

/** Any, available (a copy left) or lent (a copy out): shown while the instance lends. */
function AvailabilityFacet({ query }: { query: Query }) {
  const intl = useIntl();
  const id = useId();
  const current = query.params.get(AVAILABILITY_KEY) ?? '';
  const options = [
    ['', intl.formatMessage(messages.any)],
    ['available', intl.formatMessage(messages.available)],
    ['lent', intl.formatMessage(messages.lent)],
  ] as const;
  return (
    <fieldset className="filter">
      <legend className="filter__title">{intl.formatMessage(messages.availability)}</legend>
      <ul className="filter__values">
        {options.map(([value, label]) => (
          <li key={value}>
            <label className="filter__option">
              <input
                type="radio"
                className="field__checkbox"
                name={`${id}-availability`}
                checked={current === value}
                onChange={() =>
                  query.change((next) => {
                    if (value) next.set(AVAILABILITY_KEY, value);
                    else next.delete(AVAILABILITY_KEY);
                  })
                }
              />
              <span className="filter__value">{label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The facets themselves, and a button to clear them all. */
export function FilterFacets({ facets, query }: { facets: FilterFacet[] | undefined; query: Query }) {
  const intl = useIntl();
  const lending = useLoansEnabled();
  // A facet with nothing to choose (no values among the matching items, none ticked) is left out.
  const shown = facets?.filter(
    (facet) => facet.kind === 'range' || facet.values.length > 0 || query.params.has(`${FILTER_PREFIX}${facet.key}`),
  );
  return (
    <>
      {query.activeFilters ? (
        <button
          type="button"
          className="link-button filters__clear"
          onClick={() =>
            query.change((next) => {
              for (const key of [...next.keys()]) if (isFilterKey(key)) next.delete(key);
            })
          }
        >
          {intl.formatMessage(messages.clear)}
        </button>
      ) : null}
      {lending ? <AvailabilityFacet query={query} /> : null}
      {shown && shown.length === 0 && !lending ? <p className="muted">{intl.formatMessage(messages.none)}</p> : null}
      {shown?.map((facet) =>
        facet.kind === 'range' ? (
          <RangeFacet key={facet.key} facet={facet} query={query} />
        ) : facet.kind === 'yesno' ? (
          <YesNoFacet key={facet.key} facet={facet} query={query} />
        ) : (
          <ValuesFacet key={facet.key} facet={facet} query={query} />
        ),
      )}
    </>
  );
}

/** Wide screens: the panel beside the results, with a link past it for keyboard users. */
export function FiltersPanel({
  id,
  facets,
  query,
  resultsId,
}: {
  id: string;
  facets: FilterFacet[] | undefined;
  query: Query;
  resultsId: string;
}) {
  const intl = useIntl();
  return (
    <aside className="filters" id={id} aria-labelledby={`${id}-title`}>
      <a className="filters__skip" href={`#${resultsId}`}>
        {intl.formatMessage(messages.skip)}
      </a>
      <div className="filters__body">
        <h2 className="filters__title" id={`${id}-title`}>
          {intl.formatMessage(messages.title)}
        </h2>
        <FilterFacets facets={facets} query={query} />
      </div>
    </aside>
  );
}
