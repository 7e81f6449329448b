// The lending overview: every request, current loan and overdue loan across the user's collections and
// those shared with them as editor or co-owner.
import { defineMessages, useIntl } from 'react-intl';
import { LendingOverview } from '@web/features/lending/components/lending-overview';
import { LendingPreferences } from '@web/features/lending/components/lending-preferences';
import { LendingAreaScreen } from '../lending-gate';

const messages = defineMessages({ title: { id: 'app.lending.title', defaultMessage: 'Loans and requests' } });

export default function LendingRoute() {
  const intl = useIntl();
  return (
    <LendingAreaScreen title={intl.formatMessage(messages.title)}>
      {(readOnly) => (
        <div className="stack">
          <LendingOverview readOnly={readOnly} />
          <LendingPreferences readOnly={readOnly} />
        </div>
      )}
    </LendingAreaScreen>
  );
}
