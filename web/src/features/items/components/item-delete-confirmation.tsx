import { Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { useFormErrors } from '@web/lib/use-form-errors';
import { useDeleteItem } from '../api/delete-item';
import { itemTitle } from './item-title';

const messages = defineMessages<{ question: { title: string }; warning: NoMessageValues; confirm: NoMessageValues }>({
  question: { id: 'items.itemDeleteConfirmation.question', defaultMessage: 'Delete {title}?' },
  warning: { id: 'items.itemDeleteConfirmation.warning', defaultMessage: 'This cannot be undone.' },
  confirm: { id: 'items.itemDeleteConfirmation.confirm', defaultMessage: 'Delete this item' },
});

export function ItemDeleteConfirmation({ item, readOnly, onDeleted }: { item: Item; readOnly: boolean; onDeleted: () => void }) {
  const intl = useIntl();
  const { trigger } = useDeleteItem(item.collectionId, item.id);
  const { run: confirm, busy, error } = useAction(trigger, onDeleted);
  const errors = useFormErrors(error);

  return (
    <section className="card card--danger narrow" aria-labelledby="item-delete-title">
      <h1 id="item-delete-title">{intl.formatMessage(messages.question, { title: itemTitle(intl, item) })}</h1>
      {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
      <p className="warning">{intl.formatMessage(messages.warning)}</p>
      <div className="actions">
        <Button variant="danger" icon={Trash2} disabled={readOnly || !item.isOwner || busy} onClick={() => void confirm()}>
          {intl.formatMessage(messages.confirm)}
        </Button>
        <ButtonLink variant="secondary" to={paths.item(item.collectionId, item.id)}>
          {intl.formatMessage(commonMessages.cancel)}
        </ButtonLink>
      </div>
    </section>
  );
}
