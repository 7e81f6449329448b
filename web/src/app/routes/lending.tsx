// The lending overview: every request, current loan and overdue loan across the user's collections and
// those shared with them as editor or co-owner.
import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useCollections } from '../../features/collections/api/get-collections';
import { LendingOverview } from '../../features/lending/components/lending-overview';
import { LendingPreferences } from '../../features/lending/components/lending-preferences';
import { LendingAreaScreen } from '../lending-gate';

const messages = defineMessages({ title: { id: 'app.lending.title', defaultMessage: 'Loans and requests' } });

export default function LendingRoute() {
  const intl = useIntl();
  // Editors and co-owners also see the loans of collections shared with them: those rows say so.
  const own = useCollections(true).data;
  const ownCollectionIds = useMemo(() => (own ? new Set(own.collections.map((c) => c.id)) : undefined), [own]);
  return (
    <LendingAreaScreen title={intl.formatMessage(messages.title)}>
      {(readOnly) => (
        <div className="stack">
          <LendingOverview readOnly={readOnly} ownCollectionIds={ownCollectionIds} />
          <LendingPreferences readOnly={readOnly} />
        </div>
      )}
    </LendingAreaScreen>
  );
}
