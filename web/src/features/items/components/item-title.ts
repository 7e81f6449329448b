// An item's name where one is needed: its title property, else its number.
import { defineMessages } from 'react-intl';
import type { IntlShape } from 'react-intl';

const messages = defineMessages<{ untitled: { id: number } }>({
  untitled: { id: 'items.itemTitle.untitled', defaultMessage: 'Item #{id}' },
});

export function itemTitle(intl: IntlShape, item: { id: number; title: string | null }): string {
  return item.title?.trim() ? item.title : intl.formatMessage(messages.untitled, { id: item.id });
}
