// Visibility and "who can borrow" levels (docs/product.md): the same words for both; 2 "Shared users" is a visibility only.
import { defineMessages } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import type { CollectionVisibilityLevel } from '@shared/catalogue';

export const levelMessages = defineMessages({
  0: { id: 'components.levels.everyone', defaultMessage: 'Everyone' },
  1: { id: 'components.levels.loggedIn', defaultMessage: 'Logged in' },
  2: { id: 'components.levels.sharedUsers', defaultMessage: 'Shared users' },
  3: { id: 'components.levels.onlyMe', defaultMessage: 'Only me' },
  4: { id: 'components.levels.nobody', defaultMessage: 'Nobody' },
}) satisfies Record<CollectionVisibilityLevel, MessageDescriptor>;

export function levelMessage(level: number): MessageDescriptor {
  return levelMessages[level as CollectionVisibilityLevel] ?? levelMessages[4];
}
