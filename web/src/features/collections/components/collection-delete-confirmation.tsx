import { Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { useFormErrors } from '@web/lib/use-form-errors';
import { useDeleteCollection } from '../api/delete-collection';

const messages = defineMessages<{
  question: { name: string };
  warning: { count: number };
  confirm: NoMessageValues;
}>({
  question: { id: 'collections.collectionDeleteConfirmation.question', defaultMessage: 'Delete the collection {name}?' },
  warning: {
    id: 'collections.collectionDeleteConfirmation.warning',
    defaultMessage: 'Its properties and {count, plural, one {its # item} other {its # items}} will be deleted too. This cannot be undone.',
  },
  confirm: { id: 'collections.collectionDeleteConfirmation.confirm', defaultMessage: 'Delete this collection' },
});

export function CollectionDeleteConfirmation({
  collection,
  readOnly,
  onDeleted,
}: {
  collection: Collection;
  readOnly: boolean;
  onDeleted: () => void;
}) {
  const intl = useIntl();
  const { trigger } = useDeleteCollection(collection.id);
  const { run: confirm, busy, error } = useAction(trigger, onDeleted);
  const errors = useFormErrors(error);

  return (
    <section className="card card--danger narrow" aria-labelledby="collection-delete-title">
      <h1 id="collection-delete-title">{intl.formatMessage(messages.question, { name: collection.name })}</h1>
      {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
      <p className="warning">{intl.formatMessage(messages.warning, { count: collection.itemCount })}</p>
      <div className="actions">
        <Button variant="danger" icon={Trash2} disabled={readOnly || busy} onClick={() => void confirm()}>
          {intl.formatMessage(messages.confirm)}
        </Button>
        <ButtonLink variant="secondary" to={paths.collectionManage(collection.id)}>
          {intl.formatMessage(commonMessages.cancel)}
        </ButtonLink>
      </div>
    </section>
  );
}
