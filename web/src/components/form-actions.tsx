import { useIntl } from 'react-intl';
import { Button, ButtonLink } from './button';
import { commonMessages } from './common-messages';

/** The submit button (Save unless told), and Cancel back to where the form came from. */
export function FormActions({ submitLabel, cancelTo }: { submitLabel?: string; cancelTo?: string }) {
  const intl = useIntl();
  return (
    <div className="actions">
      <Button type="submit">{submitLabel ?? intl.formatMessage(commonMessages.save)}</Button>
      {cancelTo ? (
        <ButtonLink variant="secondary" to={cancelTo}>
          {intl.formatMessage(commonMessages.cancel)}
        </ButtonLink>
      ) : null}
    </div>
  );
}
