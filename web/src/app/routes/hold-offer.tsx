// The offer of a copy to the next in a waiting list (?token= from their email): accept it (it becomes a
// borrow request the owner accepted) or decline it (it goes to the next), before the deadline.
import { Check, X } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { HoldOffer } from '@shared/schemas/holds';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { answerHoldOffer, useHoldOffer } from '@web/features/lending/api/holds';
import { isApiError } from '@web/lib/api-client';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { LoansEnabledGate } from '../lending-gate';

type Plain = Record<string, never>;
type About = { title: string; owner: string };
const messages = defineMessages<{
  title: Plain;
  offered: About & { date: string };
  accept: Plain;
  decline: Plain;
  accepted: About;
  declined: About;
  over: Plain;
  invalid: Plain;
}>({
  title: { id: 'app.holdOffer.title', defaultMessage: 'Your turn to borrow' },
  offered: {
    id: 'app.holdOffer.offered',
    defaultMessage: '{owner} offers you “{title}”. Answer by {date}: after that, it goes to the next person in line.',
  },
  accept: { id: 'app.holdOffer.accept', defaultMessage: 'Yes, I want it' },
  decline: { id: 'app.holdOffer.decline', defaultMessage: 'No, give it to the next person' },
  accepted: {
    id: 'app.holdOffer.accepted',
    defaultMessage: 'You accepted “{title}”. {owner} will tell you when to pick it up; an email gives you a link to follow it.',
  },
  declined: { id: 'app.holdOffer.declined', defaultMessage: 'You declined “{title}”: it goes to the next person in line.' },
  over: { id: 'app.holdOffer.over', defaultMessage: 'This offer is over: it expired or was withdrawn.' },
  invalid: {
    id: 'app.holdOffer.invalid',
    defaultMessage: 'This link does not lead to an offer: it expired, was answered, or is incomplete.',
  },
});

function OfferBody({ offer, token, onAnswered }: { offer: HoldOffer; token: string; onAnswered: (after: HoldOffer) => void }) {
  const intl = useIntl();
  const demo = useDemoMode();
  const { run, busy, error } = useAction(async (answer: 'accept' | 'decline') => onAnswered(await answerHoldOffer(token, answer)));
  const values = { title: offer.title, owner: offer.ownerName };
  if (offer.state === 'accepted') return <SuccessStatus>{intl.formatMessage(messages.accepted, values)}</SuccessStatus>;
  if (offer.state === 'declined') return <SuccessStatus>{intl.formatMessage(messages.declined, values)}</SuccessStatus>;
  if (offer.state !== 'offered') return <ErrorAlert>{intl.formatMessage(messages.over)}</ErrorAlert>;
  const date = offer.offerExpiresAt ? intl.formatDate(offer.offerExpiresAt, { dateStyle: 'long', timeStyle: 'short' }) : '';
  return (
    <>
      <p>{intl.formatMessage(messages.offered, { ...values, date })}</p>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      <div className="actions">
        <Button icon={Check} disabled={busy || demo} onClick={() => void run('accept')}>
          {intl.formatMessage(messages.accept)}
        </Button>
        <Button variant="secondary" icon={X} disabled={busy || demo} onClick={() => void run('decline')}>
          {intl.formatMessage(messages.decline)}
        </Button>
      </div>
    </>
  );
}

function Offer() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const offer = useHoldOffer(token || null);
  const invalid = !token || (isApiError(offer.error) && offer.error.code === 'HOLD_LINK_INVALID');
  const title = intl.formatMessage(messages.title);
  let body;
  if (invalid) body = <ErrorAlert>{intl.formatMessage(messages.invalid)}</ErrorAlert>;
  else if (offer.error) body = <PageError error={offer.error} />;
  else if (!offer.data) body = <Loading />;
  else body = <OfferBody offer={offer.data} token={token} onAnswered={(after) => void offer.mutate(after, { revalidate: false })} />;
  return (
    <Screen title={title}>
      <section className="card stack">
        <h1>{title}</h1>
        {body}
      </section>
    </Screen>
  );
}

export default function HoldOfferRoute() {
  return (
    <LoansEnabledGate>
      <Offer />
    </LoansEnabledGate>
  );
}
