import { Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { Property } from '@shared/schemas/properties';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { Loading } from '@web/components/loading';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { useFormErrors } from '@web/lib/use-form-errors';
import { useDeleteProperty } from '../api/delete-property';
import { usePropertyDeletion } from '../api/get-property-deletion';

const messages = defineMessages<{
  question: { label: string };
  warning: { count: number };
  confirm: NoMessageValues;
}>({
  question: { id: 'properties.propertyDeleteConfirmation.question', defaultMessage: 'Delete the property {label}?' },
  warning: {
    id: 'properties.propertyDeleteConfirmation.warning',
    defaultMessage:
      '{count, plural, =0 {No item has a value for this property yet.} one {Its # value will be removed from the items.} other {All its # values will be removed from the items.}} This cannot be undone.',
  },
  confirm: { id: 'properties.propertyDeleteConfirmation.confirm', defaultMessage: 'Delete this property' },
});

export function PropertyDeleteConfirmation({
  collectionId,
  property,
  readOnly,
  onDeleted,
}: {
  collectionId: number;
  property: Property;
  readOnly: boolean;
  onDeleted: () => void;
}) {
  const intl = useIntl();
  const deletion = usePropertyDeletion(collectionId, property.id);
  const { trigger } = useDeleteProperty(collectionId, property.id);
  const { run: confirm, busy, error } = useAction(trigger, onDeleted);
  const errors = useFormErrors(error ?? deletion.error);

  return (
    <section className="card card--danger narrow" aria-labelledby="property-delete-title">
      <h1 id="property-delete-title">{intl.formatMessage(messages.question, { label: property.label })}</h1>
      {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
      {deletion.data ? (
        <p className="warning">{intl.formatMessage(messages.warning, { count: deletion.data.valueCount })}</p>
      ) : deletion.error ? null : (
        <Loading />
      )}
      <div className="actions">
        <Button variant="danger" icon={Trash2} disabled={readOnly || !deletion.data || busy} onClick={() => void confirm()}>
          {intl.formatMessage(messages.confirm)}
        </Button>
        <ButtonLink variant="secondary" to={paths.collectionManage(collectionId)}>
          {intl.formatMessage(commonMessages.cancel)}
        </ButtonLink>
      </div>
    </section>
  );
}
