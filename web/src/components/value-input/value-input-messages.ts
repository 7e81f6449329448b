import { defineMessages } from 'react-intl';

/** Texts several value controls share. */
export const valueInputMessages = defineMessages({
  removeShort: { id: 'components.valueInput.removeShort', defaultMessage: 'Remove' },
});
