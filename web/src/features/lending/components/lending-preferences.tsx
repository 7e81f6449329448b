// Under the owner's loans: their calendar of all due dates (a secret address, made or reset here) and
// the digest they choose (daily, weekly, off). Read from the overview's own answer (GET /lending), so
// the screen makes one request.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { DIGEST_FREQUENCIES, type DigestFrequency } from '@shared/lending';
import type { LendingPreferences as Preferences } from '@shared/schemas/borrower-page';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/select-field';
import { apiRequest } from '@web/lib/api-client';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { useLendingOverview } from '../api/loans';

type Plain = Record<string, never>;
const messages = defineMessages<Record<'title' | 'digest' | 'feedHint' | 'makeFeed' | 'resetFeed' | DigestFrequency, Plain>>({
  title: { id: 'lending.preferences.title', defaultMessage: 'Calendar and digest' },
  digest: { id: 'lending.preferences.digest', defaultMessage: 'Email me a digest of my loans' },
  feedHint: { id: 'lending.preferences.feedHint', defaultMessage: 'Add this private address to your calendar app to see every due date:' },
  makeFeed: { id: 'lending.preferences.makeFeed', defaultMessage: 'Get my calendar address' },
  resetFeed: { id: 'lending.preferences.resetFeed', defaultMessage: 'New calendar address (the old one stops working)' },
  off: { id: 'lending.preferences.off', defaultMessage: 'Never' },
  daily: { id: 'lending.preferences.daily', defaultMessage: 'Every day' },
  weekly: { id: 'lending.preferences.weekly', defaultMessage: 'Every week' },
});

const KEY = '/lending/preferences';

export function LendingPreferences({ readOnly }: { readOnly: boolean }) {
  const intl = useIntl();
  const overview = useLendingOverview();
  const preferences = overview.data?.preferences;
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const feed = useAction(async () => setFeedUrl((await apiRequest<{ url: string }>('/lending/feed', { method: 'POST' })).url));
  const digest = useAction(async (value: DigestFrequency) => {
    const changed = await apiRequest<Preferences>(KEY, { method: 'PATCH', body: { digest: value } });
    await overview.mutate((data) => data && { ...data, preferences: changed }, { revalidate: false });
  });
  if (!preferences) return null;
  const url = feedUrl ?? preferences.feedUrl;
  const error = feed.error ?? digest.error;
  return (
    <section className="card stack" aria-labelledby="lending-preferences">
      <h2 id="lending-preferences">{intl.formatMessage(messages.title)}</h2>
      <SelectField
        label={intl.formatMessage(messages.digest)}
        value={preferences.digest}
        disabled={readOnly || digest.busy}
        onChange={(event) => void digest.run(event.target.value as DigestFrequency)}
      >
        {DIGEST_FREQUENCIES.map((value) => (
          <option key={value} value={value}>
            {intl.formatMessage(messages[value])}
          </option>
        ))}
      </SelectField>
      {url ? (
        <>
          <p>{intl.formatMessage(messages.feedHint)}</p>
          <p>
            <code data-testid="owner-feed-url">{url}</code>
          </p>
        </>
      ) : null}
      <div className="actions">
        <Button variant="secondary" disabled={readOnly || feed.busy} onClick={() => void feed.run()}>
          {intl.formatMessage(url ? messages.resetFeed : messages.makeFeed)}
        </Button>
      </div>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
    </section>
  );
}
