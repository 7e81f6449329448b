// Words of waiting lists shared by the item page and the forms (kept apart so the item page's chunk
// does not carry the form).
import { defineMessages } from 'react-intl';

export const holdWords = defineMessages({
  join: { id: 'lending.holdForm.join', defaultMessage: 'Join the waiting list' },
});
