import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  text: { id: 'components.demoNotice.text', defaultMessage: 'Demo mode: changes are disabled' },
});

/** Shown beside every change control that demo mode disables. */
export function DemoNotice() {
  const intl = useIntl();
  return <p className="demo-notice">{intl.formatMessage(messages.text)}</p>;
}
