// Every open loan and request across the owner's collections: overdue first, then the requests waiting
// for an answer, then the loans out, each with its next actions.
import { CalendarClock, Inbox, PackageOpen } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { ErrorAlert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { describeError } from '@web/lib/error-messages';
import { useLendingOverview } from '../api/loans';
import { OwnerHoldQueues } from './hold-queue';
import { LoanList } from './loan-list';

const messages = defineMessages<{
  overdue: { count: number };
  requests: { count: number };
  current: { count: number };
  nothing: Record<string, never>;
  nothingHint: Record<string, never>;
}>({
  overdue: { id: 'lending.overview.overdue', defaultMessage: 'Overdue ({count, number})' },
  requests: { id: 'lending.overview.requests', defaultMessage: 'Requests ({count, number})' },
  current: { id: 'lending.overview.current', defaultMessage: 'Lent ({count, number})' },
  nothing: { id: 'lending.overview.nothing', defaultMessage: 'Nothing is lent or asked for right now.' },
  nothingHint: { id: 'lending.overview.nothingHint', defaultMessage: 'Lend an item from its page; requests from visitors show up here.' },
});

/** The caller's open loans, and those of collections shared with them as editor or co-owner (named so). */
export function LendingOverview({ readOnly }: { readOnly: boolean }) {
  const intl = useIntl();
  const overview = useLendingOverview();
  if (overview.error) return <ErrorAlert>{describeError(intl, overview.error)}</ErrorAlert>;
  if (!overview.data) return <Loading />;
  const { overdue, requests, current } = overview.data;
  const sharedCollectionIds = new Set(overview.data.sharedCollectionIds ?? []);
  if (overdue.length + requests.length + current.length === 0) {
    return (
      <EmptyState icon={PackageOpen} title={intl.formatMessage(messages.nothing)}>
        {intl.formatMessage(messages.nothingHint)}
      </EmptyState>
    );
  }
  const sections = [
    { key: 'overdue', loans: overdue, icon: CalendarClock, title: intl.formatMessage(messages.overdue, { count: overdue.length }) },
    { key: 'requests', loans: requests, icon: Inbox, title: intl.formatMessage(messages.requests, { count: requests.length }) },
    { key: 'current', loans: current, icon: PackageOpen, title: intl.formatMessage(messages.current, { count: current.length }) },
  ];
  return (
    <div className="stack">
      {sections
        .filter((section) => section.loans.length > 0)
        .map((section) => (
          <section key={section.key} className="card" aria-labelledby={`lending-${section.key}`}>
            <h2 id={`lending-${section.key}`}>{section.title}</h2>
            <LoanList
              loans={section.loans}
              show="both"
              readOnly={readOnly}
              label={section.title}
              sharedCollectionIds={sharedCollectionIds}
            />
          </section>
        ))}
      <OwnerHoldQueues readOnly={readOnly} />
    </div>
  );
}
