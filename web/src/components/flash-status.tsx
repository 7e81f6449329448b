import { defineMessages, useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { readFlash } from '../lib/flash';
import { SuccessStatus } from './alert';
import { commonMessages } from './common-messages';

const messages = defineMessages({
  savedAsNobody: {
    id: 'components.flashStatus.savedAsNobody',
    defaultMessage:
      'Saved. Set to “Nobody”, the item no longer shows while browsing, not even to you: find it below, under Items set to Nobody.',
  },
  savedWithoutCover: {
    id: 'components.flashStatus.savedWithoutCover',
    defaultMessage: 'Saved, without its cover: the catalogue did not give the picture. You can add one by editing the item.',
  },
});

/** The message the previous screen's action left for this one (see lib/flash.ts), if any. */
export function FlashStatus() {
  const intl = useIntl();
  const flash = readFlash(useLocation().state);
  if (!flash) return null;
  return <SuccessStatus>{intl.formatMessage(flash === 'operationSucceeded' ? commonMessages[flash] : messages[flash])}</SuccessStatus>;
}
