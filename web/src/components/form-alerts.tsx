import type { FormErrors } from '../lib/use-form-errors';
import { ErrorAlert } from './alert';

/**
 * A form's failure at its top: the general message, then what the server said about fields the form
 * does not show (so nothing is lost). Fields it shows carry their own message.
 */
export function FormAlerts({ errors, shownFields }: { errors: FormErrors; shownFields: readonly string[] }) {
  return (
    <>
      {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
      {errors.unmatched(shownFields).map((message) => (
        <ErrorAlert key={message}>{message}</ErrorAlert>
      ))}
    </>
  );
}
