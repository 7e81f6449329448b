// The shell of the forms a visitor sends about an item (docs/product.md "Loans"): ask to borrow it
// (borrow-form.tsx) or join its waiting list (hold-form.tsx). Built for a phone first: a word on what
// happens next, the demo's notice, who asks (requester-fields.tsx) and the form's own fields, one large
// button; once sent, what to expect and the way back to the item.
import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import { SuccessStatus } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { FormAlerts } from '@web/components/form-alerts';
import type { FormErrors } from '@web/lib/use-form-errors';
import { paths } from '@web/lib/paths';
import { useSubmit } from '@web/lib/use-submit';
import { REQUESTER_FIELDS, RequesterFields, type Requester } from './requester-fields';
// Its own styles: the borrow page is often the first page a visitor opens (a QR label, a shared link).
import './lending.css';

const messages = defineMessages({
  backToItem: { id: 'lending.borrowForm.backToItem', defaultMessage: 'Back to the item' },
});

/** What one form says: before (intro, the demo's notice, the button) and once sent (done, next). */
export interface VisitorRequestWords {
  intro: string;
  demo: string;
  submit: string;
  done: string;
  next: string;
}

export function VisitorRequestForm({
  item,
  readOnly,
  requester,
  idPrefix,
  words,
  icon,
  shownFields = REQUESTER_FIELDS,
  send,
  fields,
}: {
  item: Item;
  readOnly: boolean;
  requester?: Requester;
  /** Keeps the ids of the honeypot and the demo's notice unique on the page. */
  idPrefix: string;
  words: VisitorRequestWords;
  icon: LucideIcon;
  /** The fields that show their error beside them (the others go in the alert above the form). */
  shownFields?: string[];
  /** Sends the form's fields; once it resolves, the form says it is done. */
  send: (fields: FormData) => Promise<void>;
  /** Fields of the form's own, shown after the message, with the form's errors. */
  fields?: (errors: FormErrors) => ReactNode;
}) {
  const intl = useIntl();
  const [sent, setSent] = useState(false);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    await send(fields);
    setSent(true);
  });
  if (sent) {
    return (
      <div className="borrow-sent">
        <SuccessStatus>{words.done}</SuccessStatus>
        <p>{words.next}</p>
        <ButtonLink variant="secondary" to={paths.item(item.collectionId, item.id)}>
          {intl.formatMessage(messages.backToItem)}
        </ButtonLink>
      </div>
    );
  }
  const demoId = `${idPrefix}-form-demo`;
  return (
    <form className="form borrow-form" onSubmit={onSubmit} noValidate>
      <p className="muted">{words.intro}</p>
      {readOnly ? (
        <p className="demo-notice" id={demoId}>
          {words.demo}
        </p>
      ) : null}
      <FormAlerts errors={errors} shownFields={shownFields} />
      <fieldset className="form__fieldset" disabled={readOnly || busy}>
        <RequesterFields requester={requester} errors={errors} idPrefix={idPrefix}>
          {fields?.(errors)}
        </RequesterFields>
        <div className="actions">
          <Button type="submit" icon={icon} className="borrow-form__submit" aria-describedby={readOnly ? demoId : undefined}>
            {words.submit}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
