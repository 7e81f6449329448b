import { useIntl } from 'react-intl';
import { commonMessages } from './common-messages';

export function Loading() {
  const intl = useIntl();
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="loading__spinner" aria-hidden="true" />
      {intl.formatMessage(commonMessages.loading)}
    </p>
  );
}
