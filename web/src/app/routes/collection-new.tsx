import { defineMessages, useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router-dom';
import { DemoNotice } from '../../components/demo-notice';
import { useCreateCollection } from '../../features/collections/api/create-collection';
import { CollectionForm } from '../../features/collections/components/collection-form';
import { paths } from '../../lib/paths';
import type { Flash } from '../../lib/paths';
import { useDemoMode } from '../../lib/use-demo-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../../lib/use-session';

const messages = defineMessages({
  title: { id: 'app.collectionNew.title', defaultMessage: 'New collection' },
});

export default function CollectionNewRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const session = useSession();
  const demo = useDemoMode();
  const { trigger } = useCreateCollection();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  // Spec §6: creating a collection requires signing in; come back here afterwards.
  if (!session) return <Navigate to={paths.login} replace state={{ from: paths.collectionNew }} />;
  return (
    <section className="card narrow-wide" aria-labelledby="collection-new-title">
      <h1 id="collection-new-title">{title}</h1>
      {demo ? <DemoNotice /> : null}
      <CollectionForm
        readOnly={demo}
        cancelTo={paths.home}
        onSubmit={async (input) => {
          const collection = await trigger(input);
          const flash: Flash = 'operationSucceeded';
          void navigate(paths.collection(collection.id), { state: { flash } });
        }}
      />
    </section>
  );
}
