// The form of "Edit tags" (tags-editor.tsx), loaded when the owner opens it: visitors never need it.
// Tags are typed comma-separated, as in the collection form.
import { Check } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { MAX_TAGS } from '@shared/catalogue';
import type { Collection } from '@shared/schemas/collections';
import { ErrorAlert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';
import { TextField } from '@web/components/text-field';
import { fieldText, useSubmit } from '@web/lib/use-submit';
import { useUpdateCollection } from '../api/update-collection';
import { parseTags } from '../tags';

const messages = defineMessages({
  label: { id: 'collections.tagsEditor.label', defaultMessage: 'Tags, separated by commas' },
  save: { id: 'collections.tagsEditor.save', defaultMessage: 'Save tags' },
});

const valued = defineMessages<{ hint: { max: number } }>({
  hint: { id: 'collections.tagsEditor.hint', defaultMessage: 'At most {max, number} tags.' },
});

interface TagsFormProps {
  collection: Collection;
  onSaved: () => void;
  onCancel: () => void;
}

export default function TagsForm({ collection, onSaved, onCancel }: TagsFormProps) {
  const intl = useIntl();
  const { trigger } = useUpdateCollection(collection.id);
  const { onSubmit, busy, errors } = useSubmit(async (fields) => {
    await trigger({ tags: parseTags(fieldText(fields, 'tags')) });
    onSaved();
  });
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
        <Button variant="secondary" onClick={onCancel}>
          {intl.formatMessage(commonMessages.cancel)}
        </Button>
      </div>
    </form>
  );
}
