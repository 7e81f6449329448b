import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { commonMessages } from './common-messages';

/** The submit button (Save unless told), and Cancel back to where the form came from. */
export function FormActions({ submitLabel, cancelTo }: { submitLabel?: string; cancelTo?: string }) {
  const intl = useIntl();
  return (
    <div className="actions">
      <button type="submit" className="button">
        {submitLabel ?? intl.formatMessage(commonMessages.save)}
      </button>
      {cancelTo ? (
        <Link className="button button--secondary" to={cancelTo}>
          {intl.formatMessage(commonMessages.cancel)}
        </Link>
      ) : null}
    </div>
  );
}
