// Names of content types and property flags, for the form and the manage table.
import { defineMessages } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import type { Property } from '@shared/schemas/properties';

export { typeMessages } from '@web/components/property-type-messages';

export type PropertyFlag =
  | 'hideLabel'
  | 'inSummary'
  | 'isTitle'
  | 'isSubtitle'
  | 'isCover'
  | 'isReference'
  | 'multiple'
  | 'required'
  | 'filterable'
  | 'searchable'
  | 'sortable';

/** Roles first (one property each), then flags. */
export const PROPERTY_FLAGS: readonly PropertyFlag[] = [
  'isTitle',
  'isSubtitle',
  'isCover',
  'isReference',
  'inSummary',
  'hideLabel',
  'multiple',
  'required',
  'filterable',
  'searchable',
  'sortable',
];

export const ROLE_FLAGS: readonly PropertyFlag[] = ['isTitle', 'isSubtitle', 'isCover', 'isReference'];

export const flagMessages = defineMessages({
  hideLabel: { id: 'properties.flags.hideLabel', defaultMessage: 'Hide label' },
  inSummary: { id: 'properties.flags.inSummary', defaultMessage: 'Show in item summary' },
  isTitle: { id: 'properties.flags.isTitle', defaultMessage: 'Use as title' },
  isSubtitle: { id: 'properties.flags.isSubtitle', defaultMessage: 'Use as subtitle' },
  isCover: { id: 'properties.flags.isCover', defaultMessage: 'Use as cover image' },
  isReference: { id: 'properties.flags.isReference', defaultMessage: 'Use as item reference' },
  multiple: { id: 'properties.flags.multiple', defaultMessage: 'Multiple values' },
  required: { id: 'properties.flags.required', defaultMessage: 'Never empty' },
  filterable: { id: 'properties.flags.filterable', defaultMessage: 'Filterable' },
  searchable: { id: 'properties.flags.searchable', defaultMessage: 'Searchable' },
  sortable: { id: 'properties.flags.sortable', defaultMessage: 'Sortable' },
}) satisfies Record<PropertyFlag, MessageDescriptor>;

/** Short badge texts for the manage table. */
export const badgeMessages = defineMessages({
  hideLabel: { id: 'properties.badges.hideLabel', defaultMessage: 'no label' },
  inSummary: { id: 'properties.badges.inSummary', defaultMessage: 'summary' },
  isTitle: { id: 'properties.badges.isTitle', defaultMessage: 'title' },
  isSubtitle: { id: 'properties.badges.isSubtitle', defaultMessage: 'subtitle' },
  isCover: { id: 'properties.badges.isCover', defaultMessage: 'cover' },
  isReference: { id: 'properties.badges.isReference', defaultMessage: 'reference' },
  multiple: { id: 'properties.badges.multiple', defaultMessage: 'multiple' },
  required: { id: 'properties.badges.required', defaultMessage: 'never empty' },
  filterable: { id: 'properties.badges.filterable', defaultMessage: 'filter' },
  searchable: { id: 'properties.badges.searchable', defaultMessage: 'search' },
  sortable: { id: 'properties.badges.sortable', defaultMessage: 'sort' },
}) satisfies Record<PropertyFlag, MessageDescriptor>;

export function propertyFlags(property: Property): PropertyFlag[] {
  return PROPERTY_FLAGS.filter((flag) => property[flag]);
}
