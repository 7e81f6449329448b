// Names of the collection types: the four templates, or the custom type's own slug.
import { defineMessages } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { COLLECTION_TYPES } from '@shared/catalogue';
import type { TemplateType } from '@shared/catalogue';

export const collectionTypeMessages = defineMessages({
  books: { id: 'collections.collectionType.books', defaultMessage: 'Books' },
  comics: { id: 'collections.collectionType.comics', defaultMessage: 'Comics' },
  movies: { id: 'collections.collectionType.movies', defaultMessage: 'Movies' },
  board_games: { id: 'collections.collectionType.boardGames', defaultMessage: 'Board games' },
  other: { id: 'collections.collectionType.other', defaultMessage: 'Other' },
});

export function isTemplateType(type: string): type is TemplateType {
  return (COLLECTION_TYPES as readonly string[]).includes(type);
}

export function collectionTypeLabel(intl: IntlShape, type: string): string {
  return isTemplateType(type) ? intl.formatMessage(collectionTypeMessages[type]) : type.replace(/[_-]+/g, ' ');
}
