import { defineMessages, useIntl } from 'react-intl';
import type { FormErrors } from '../lib/use-form-errors';
import { ErrorAlert } from './alert';

const messages = defineMessages({
  reload: { id: 'components.formAlerts.reload', defaultMessage: 'Reload their version' },
});

interface FormAlertsProps {
  errors: FormErrors;
  shownFields: readonly string[];
  /**
   * Loads the resource again after someone else's edit refused this one (409 STALE_WRITE). The screen
   * then shows the form anew with their changes; what was typed here is not kept.
   */
  onReload?: () => void;
}

/**
 * A form's failure at its top: the general message, then what the server said about fields the form
 * does not show (so nothing is lost). Fields it shows carry their own message.
 */
export function FormAlerts({ errors, shownFields, onReload }: FormAlertsProps) {
  const intl = useIntl();
  return (
    <>
      {errors.message ? (
        <ErrorAlert>
          {errors.message}
          {errors.stale && onReload ? (
            <>
              {' '}
              <button type="button" className="button button--small" onClick={onReload}>
                {intl.formatMessage(messages.reload)}
              </button>
            </>
          ) : null}
        </ErrorAlert>
      ) : null}
      {errors.unmatched(shownFields).map((message) => (
        <ErrorAlert key={message}>{message}</ErrorAlert>
      ))}
    </>
  );
}
