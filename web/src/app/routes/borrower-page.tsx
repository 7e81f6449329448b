// A borrower's own page, from the link in their loan emails: what they hold, their requests and history,
// "Ask to renew" and their calendar. A wrong, reset or expired link says so and offers a new one.
import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '@web/components/alert';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { useBorrowerPage } from '@web/features/lending/api/borrower-page';
import { BorrowerFeed } from '@web/features/lending/components/borrower-feed';
import { BorrowerHolds } from '@web/features/lending/components/borrower-holds';
import { CurrentLoans, PastLoans } from '@web/features/lending/components/borrower-loans';
import { isApiError } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import '@web/features/lending/components/lending.css';

type Plain = Record<string, never>;
const messages = defineMessages<{
  title: { owner: string };
  fallbackTitle: Plain;
  current: Plain;
  requests: Plain;
  history: Plain;
  calendar: Plain;
  invalid: Plain;
  askNew: Plain;
}>({
  title: { id: 'app.borrowerPage.title', defaultMessage: 'What you borrowed from {owner}' },
  fallbackTitle: { id: 'app.borrowerPage.fallbackTitle', defaultMessage: 'Your borrower page' },
  current: { id: 'app.borrowerPage.current', defaultMessage: 'You have now' },
  requests: { id: 'app.borrowerPage.requests', defaultMessage: 'Your requests' },
  history: { id: 'app.borrowerPage.history', defaultMessage: 'History' },
  calendar: { id: 'app.borrowerPage.calendar', defaultMessage: 'Calendar and link' },
  invalid: { id: 'app.borrowerPage.invalid', defaultMessage: 'This link no longer works: it expired or was replaced by a new one.' },
  askNew: { id: 'app.borrowerPage.askNew', defaultMessage: 'Get a new link by email' },
});

export default function BorrowerPageRoute() {
  const intl = useIntl();
  const secret = useParams().secret ?? '';
  const page = useBorrowerPage(secret);
  const invalid = isApiError(page.error) && (page.error.code === 'BORROWER_LINK_INVALID' || page.error.code === 'VALIDATION_FAILED');
  const title = page.data ? intl.formatMessage(messages.title, { owner: page.data.ownerName }) : intl.formatMessage(messages.fallbackTitle);
  if (invalid || page.error || !page.data) {
    return (
      <Screen title={title}>
        <section className="card stack">
          <h1>{title}</h1>
          {invalid ? (
            <>
              <ErrorAlert>{intl.formatMessage(messages.invalid)}</ErrorAlert>
              <p>
                <Link to={paths.borrowerLink()}>{intl.formatMessage(messages.askNew)}</Link>
              </p>
            </>
          ) : page.error ? (
            <PageError error={page.error} />
          ) : (
            <Loading />
          )}
        </section>
      </Screen>
    );
  }
  const { data } = page;
  const refresh = () => void page.mutate();
  return (
    <Screen title={title}>
      <section className="card stack">
        <h1>{title}</h1>
        <h2>{intl.formatMessage(messages.current)}</h2>
        <CurrentLoans loans={data.current} secret={secret} onChange={refresh} />
        <h2>{intl.formatMessage(messages.requests)}</h2>
        <PastLoans loans={data.requests} />
        <BorrowerHolds secret={secret} />
        <h2>{intl.formatMessage(messages.history)}</h2>
        <PastLoans loans={data.history} />
        <h2>{intl.formatMessage(messages.calendar)}</h2>
        <BorrowerFeed key={secret} secret={secret} feedUrl={data.feedUrl} />
      </section>
    </Screen>
  );
}
