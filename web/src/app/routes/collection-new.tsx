import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Navigate } from 'react-router-dom';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormScreen } from '@web/components/screen';
import { useCreateCollection } from '@web/features/collections/api/create-collection';
import { CollectionForm } from '@web/features/collections/components/collection-form';
import { useNavigateWithFlash } from '@web/lib/flash';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { useSession } from '@web/lib/use-session';

const messages = defineMessages({
  title: { id: 'app.collectionNew.title', defaultMessage: 'New collection' },
  importNext: { id: 'app.collectionNew.importNext', defaultMessage: 'Then import a file into it' },
  importNextHint: {
    id: 'app.collectionNew.importNextHint',
    defaultMessage: 'A spreadsheet (CSV or TSV) or a Goodreads export: you choose where each column goes before anything is imported.',
  },
});

export default function CollectionNewRoute() {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const session = useSession();
  const demo = useDemoMode();
  const { trigger } = useCreateCollection();
  const [importNext, setImportNext] = useState(false);
  // Spec §6: creating a collection requires signing in; come back here afterwards.
  if (!session) return <Navigate to={paths.login()} replace state={{ from: paths.collectionNew() }} />;
  return (
    <FormScreen title={intl.formatMessage(messages.title)} cardClassName="narrow-wide">
      <CollectionForm
        readOnly={demo}
        cancelTo={paths.home()}
        extra={
          <CheckboxField
            label={intl.formatMessage(messages.importNext)}
            hint={intl.formatMessage(messages.importNextHint)}
            checked={importNext}
            onChange={(event) => setImportNext(event.target.checked)}
          />
        }
        onSubmit={async (input) => {
          const collection = await trigger(input);
          navigateWithFlash(importNext ? paths.collectionImport(collection.id) : paths.collection(collection.id));
        }}
      />
    </FormScreen>
  );
}
