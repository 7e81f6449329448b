// The requester's private page for following a borrow request (?token= from their email).
import { defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@web/components/alert';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { Screen } from '@web/components/screen';
import { useBorrowRequestStatus } from '@web/features/lending/api/borrow-requests';
import { BorrowStatus } from '@web/features/lending/components/borrow-status';
import { isApiError } from '@web/lib/api-client';

const messages = defineMessages<{ title: Record<string, never>; itemTitle: { title: string }; invalid: Record<string, never> }>({
  title: { id: 'app.borrowStatus.title', defaultMessage: 'Your borrow request' },
  itemTitle: { id: 'app.borrowStatus.itemTitle', defaultMessage: 'Your request to borrow {title}' },
  invalid: {
    id: 'app.borrowStatus.invalid',
    defaultMessage: 'This link does not lead to a request any more: it was cancelled or deleted, or the link is incomplete.',
  },
});

export default function BorrowStatusRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useBorrowRequestStatus(token || null);
  const invalid = !token || (isApiError(status.error) && status.error.code === 'NOT_FOUND');
  const title = status.data?.item.title
    ? intl.formatMessage(messages.itemTitle, { title: status.data.item.title })
    : intl.formatMessage(messages.title);
  let body;
  if (invalid) body = <ErrorAlert>{intl.formatMessage(messages.invalid)}</ErrorAlert>;
  else if (status.error) body = <PageError error={status.error} />;
  else if (!status.data) body = <Loading />;
  else body = <BorrowStatus status={status.data} token={token} />;
  return (
    <Screen title={title}>
      <section className="card">
        <h1>{title}</h1>
        {body}
      </section>
    </Screen>
  );
}
