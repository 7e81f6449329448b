// Visibility and "who can borrow" levels (docs/product.md): the same four words for both.
import { defineMessages } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import type { VisibilityLevel } from '../../../shared/catalogue';

export const levelMessages = defineMessages({
  0: { id: 'components.levels.everyone', defaultMessage: 'Everyone' },
  1: { id: 'components.levels.loggedIn', defaultMessage: 'Logged in' },
  3: { id: 'components.levels.onlyMe', defaultMessage: 'Only me' },
  4: { id: 'components.levels.nobody', defaultMessage: 'Nobody' },
}) satisfies Record<VisibilityLevel, MessageDescriptor>;

export function levelMessage(level: number): MessageDescriptor {
  return levelMessages[level as VisibilityLevel] ?? levelMessages[4];
}
