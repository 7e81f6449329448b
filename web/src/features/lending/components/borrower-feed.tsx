// "Subscribe to my calendar" and "New private link" on a borrower's page: each made or reset by the borrower.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { resetPageLink, subscribeToFeed } from '../api/borrower-page';

const messages = defineMessages({
  subscribe: { id: 'lending.borrowerPage.subscribe', defaultMessage: 'Subscribe to my calendar' },
  feedHint: { id: 'lending.borrowerPage.feedHint', defaultMessage: 'Add this address to your calendar app to see your due dates:' },
  resetFeed: { id: 'lending.borrowerPage.resetFeed', defaultMessage: 'New calendar address' },
  resetLink: { id: 'lending.borrowerPage.resetLink', defaultMessage: 'New private link (this one stops working)' },
});

export function BorrowerFeed({ secret, feedUrl }: { secret: string; feedUrl: string | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [url, setUrl] = useState(feedUrl);
  const feed = useAction(async (reset: boolean) => setUrl((await subscribeToFeed(secret, reset)).url));
  const reset = useAction(async () => navigate(paths.borrowerPage((await resetPageLink(secret)).secret), { replace: true }));
  const error = feed.error ?? reset.error;
  return (
    <div className="stack">
      {url ? (
        <>
          <p>{intl.formatMessage(messages.feedHint)}</p>
          <p>
            <code data-testid="feed-url">{url}</code>
          </p>
        </>
      ) : null}
      <div className="actions">
        <Button variant="secondary" disabled={feed.busy} onClick={() => void feed.run(url !== null)}>
          {intl.formatMessage(url ? messages.resetFeed : messages.subscribe)}
        </Button>
        <Button variant="quiet" disabled={reset.busy} onClick={() => void reset.run()}>
          {intl.formatMessage(messages.resetLink)}
        </Button>
      </div>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
    </div>
  );
}
