// "Edit tags" on a collection's page (docs/product.md §2): the owner changes the tags in place, without opening the
// settings. Tags are typed comma-separated, as in the collection form.
import { Check, Tags } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { MAX_TAGS } from '../../../../../shared/catalogue';
import type { Collection } from '../../../../../shared/schemas/collections';
import { ErrorAlert, SuccessStatus } from '../../../components/alert';
import { Button } from '../../../components/button';
import { commonMessages } from '../../../components/common-messages';
import { TextField } from '../../../components/text-field';
import { fieldText, useSubmit } from '../../../lib/use-submit';
import { useUpdateCollection } from '../api/update-collection';
import { parseTags } from './collection-form';

const messages = defineMessages({
  edit: { id: 'collections.tagsEditor.edit', defaultMessage: 'Edit tags' },
  label: { id: 'collections.tagsEditor.label', defaultMessage: 'Tags, separated by commas' },
  save: { id: 'collections.tagsEditor.save', defaultMessage: 'Save tags' },
});

const valued = defineMessages<{ hint: { max: number } }>({
  hint: { id: 'collections.tagsEditor.hint', defaultMessage: 'At most {max, number} tags.' },
});

export function TagsEditor({ collection, disabled }: { collection: Collection; disabled: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const { trigger } = useUpdateCollection(collection.id);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    await trigger({ tags: parseTags(fieldText(fields, 'tags')) });
    setOpen(false);
    setSaved(true);
  });

  if (!open) {
    return (
      <>
        <Button
          variant="secondary"
          icon={Tags}
          disabled={disabled}
          onClick={() => {
            setSaved(false);
            setOpen(true);
          }}
        >
          <span className="button__label">{intl.formatMessage(messages.edit)}</span>
        </Button>
        {saved ? <SuccessStatus>{intl.formatMessage(commonMessages.operationSucceeded)}</SuccessStatus> : null}
      </>
    );
  }
  return (
    <form className="tags-editor" onSubmit={onSubmit}>
      <TextField
        name="tags"
        label={intl.formatMessage(messages.label)}
        hint={intl.formatMessage(valued.hint, { max: MAX_TAGS })}
        defaultValue={collection.tags.join(', ')}
        autoFocus
      />
      {errors.message ? <ErrorAlert>{errors.message}</ErrorAlert> : null}
      <div className="actions">
        <Button type="submit" icon={Check} disabled={busy}>
          {intl.formatMessage(messages.save)}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {intl.formatMessage(commonMessages.cancel)}
        </Button>
      </div>
    </form>
  );
}
