import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { readFlash } from '../lib/flash';
import { SuccessStatus } from './alert';
import { commonMessages } from './common-messages';

/** The message the previous screen's action left for this one (see lib/flash.ts), if any. */
export function FlashStatus() {
  const intl = useIntl();
  const flash = readFlash(useLocation().state);
  return flash ? <SuccessStatus>{intl.formatMessage(commonMessages[flash])}</SuccessStatus> : null;
}
