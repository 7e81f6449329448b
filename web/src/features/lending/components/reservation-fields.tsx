// The borrow form's dates: a reservation from one day to another (both or neither), with the item's
// calendar beside them so the booked days are seen before choosing. Native date inputs suit phones.
import { defineMessages, useIntl } from 'react-intl';
import { TextField } from '@web/components/text-field';
import type { FormErrors } from '@web/lib/use-form-errors';
import { AvailabilityCalendar } from './availability-calendar';

const messages = defineMessages({
  legend: { id: 'lending.reservation.legend', defaultMessage: 'Dates (optional)' },
  hint: {
    id: 'lending.reservation.hint',
    defaultMessage: 'To reserve the item, choose its first and last days; leave both empty to borrow it when the owner can.',
  },
  from: { id: 'lending.reservation.from', defaultMessage: 'From' },
  to: { id: 'lending.reservation.to', defaultMessage: 'To' },
});

export const RESERVATION_FIELDS = ['reservedFrom', 'reservedTo'];

export function ReservationFields({ collectionId, itemId, errors }: { collectionId: number; itemId: number; errors: FormErrors }) {
  const intl = useIntl();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <fieldset className="form__fieldset reservation-fields" aria-describedby="reservation-hint">
      <legend>{intl.formatMessage(messages.legend)}</legend>
      <p className="muted" id="reservation-hint">
        {intl.formatMessage(messages.hint)}
      </p>
      <div className="form__row">
        <TextField
          name="reservedFrom"
          type="date"
          min={today}
          label={intl.formatMessage(messages.from)}
          error={errors.field('reservedFrom')}
        />
        <TextField name="reservedTo" type="date" min={today} label={intl.formatMessage(messages.to)} error={errors.field('reservedTo')} />
      </div>
      <AvailabilityCalendar collectionId={collectionId} itemId={itemId} heading={3} />
    </fieldset>
  );
}
