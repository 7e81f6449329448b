// "Edit tags" on a collection's page (docs/product.md §2): the owner changes the tags in place, without opening the
// settings. The form (tags-form.tsx) is its own chunk, loaded on opening, so a visitor's page stays light.
import { Tags } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Collection } from '@shared/schemas/collections';
import { SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { commonMessages } from '@web/components/common-messages';

const TagsForm = lazy(() => import('./tags-form'));

const messages = defineMessages({
  edit: { id: 'collections.tagsEditor.edit', defaultMessage: 'Edit tags' },
});

export function TagsEditor({ collection, disabled }: { collection: Collection; disabled: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);

  const button = (
    <Button
      variant="secondary"
      icon={Tags}
      disabled={disabled || open}
      onClick={() => {
        setSaved(false);
        setOpen(true);
      }}
    >
      <span className="button__label">{intl.formatMessage(messages.edit)}</span>
    </Button>
  );
  if (!open) {
    return (
      <>
        {button}
        {saved ? <SuccessStatus>{intl.formatMessage(commonMessages.operationSucceeded)}</SuccessStatus> : null}
      </>
    );
  }
  // While the form's chunk comes, the button stays where it was.
  return (
    <Suspense fallback={button}>
      <TagsForm
        collection={collection}
        onSaved={() => {
          setOpen(false);
          setSaved(true);
        }}
        onCancel={() => setOpen(false)}
      />
    </Suspense>
  );
}
