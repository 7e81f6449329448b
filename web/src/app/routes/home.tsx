// The collections home (docs/product.md §2): every collection the visitor may see, or only their own.
import { Library, Plus } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { DemoCredentials } from '@web/components/demo-credentials';
import { EmptyState } from '@web/components/empty-state';
import { FlashStatus } from '@web/components/flash-status';
import { Loading } from '@web/components/loading';
import { useCollections } from '@web/features/collections/api/get-collections';
import { CollectionCards } from '@web/features/collections/components/collection-cards';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { usePageTitle } from '@web/lib/use-page-title';
import { useSession } from '@web/lib/use-session';

const messages = defineMessages({
  title: { id: 'app.home.title', defaultMessage: 'Collections' },
  tagline: {
    id: 'app.home.tagline',
    defaultMessage: 'Catalogue your books, comics, movies, board games and everything else you collect, and lend them to friends.',
  },
  newCollection: { id: 'app.home.newCollection', defaultMessage: 'New collection' },
  signInHint: { id: 'app.home.signInHint', defaultMessage: 'Sign in to create a collection.' },
  mine: { id: 'app.home.mine', defaultMessage: 'Show only my collections' },
  emptyTitle: { id: 'app.home.emptyTitle', defaultMessage: 'Nothing to show yet' },
  emptyMine: { id: 'app.home.emptyMine', defaultMessage: 'You have no collections yet. Start with your first one!' },
  emptyAll: {
    id: 'app.home.emptyAll',
    defaultMessage: 'There are no collections to show yet. Create the first one!',
  },
  emptyVisitor: {
    id: 'app.home.emptyVisitor',
    defaultMessage: 'There are no public collections yet. Sign in to create the first one.',
  },
  createFirst: { id: 'app.home.createFirst', defaultMessage: 'Create a collection' },
  sharedWithMe: { id: 'app.home.sharedWithMe', defaultMessage: 'Shared with me' },
});

export default function HomeRoute() {
  const intl = useIntl();
  const session = useSession();
  const demo = useDemoMode();
  const [params, setParams] = useSearchParams();
  const mine = session !== null && params.get('mine') === 'true';
  const { data, error } = useCollections(mine);
  usePageTitle();

  const newCollection = !session ? (
    <ButtonLink icon={Plus} to={paths.login()} state={{ from: paths.collectionNew() }} title={intl.formatMessage(messages.signInHint)}>
      {intl.formatMessage(messages.newCollection)}
    </ButtonLink>
  ) : demo ? (
    <Button icon={Plus} disabled>
      {intl.formatMessage(messages.newCollection)}
    </Button>
  ) : (
    <ButtonLink icon={Plus} to={paths.collectionNew()}>
      {intl.formatMessage(messages.newCollection)}
    </ButtonLink>
  );

  // Collections shared with the caller get their own section; the others stay in the main list.
  const sharedWithMe = data?.collections.filter((c) => c.role !== null && c.role !== 'owner') ?? [];
  const others = data?.collections.filter((c) => !sharedWithMe.includes(c)) ?? [];
  const emptyText = mine ? messages.emptyMine : session ? messages.emptyAll : messages.emptyVisitor;

  return (
    <div className="stack">
      <section className="page-header">
        <div className="page-header__text">
          <h1>{intl.formatMessage(messages.title)}</h1>
          <p className="muted">{intl.formatMessage(messages.tagline)}</p>
        </div>
        <div className="actions">{newCollection}</div>
      </section>
      <DemoCredentials />
      <FlashStatus />
      {session ? (
        <CheckboxField
          label={intl.formatMessage(messages.mine)}
          checked={mine}
          onChange={(event) => {
            const checked = event.target.checked;
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (checked) next.set('mine', 'true');
                else next.delete('mine');
                return next;
              },
              { preventScrollReset: true },
            );
          }}
        />
      ) : null}
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      {!data && !error ? <Loading /> : null}
      {data && data.collections.length === 0 ? (
        <EmptyState
          icon={Library}
          title={intl.formatMessage(messages.emptyTitle)}
          action={
            session && !demo ? (
              <ButtonLink icon={Plus} to={paths.collectionNew()}>
                {intl.formatMessage(messages.createFirst)}
              </ButtonLink>
            ) : null
          }
        >
          <p>{intl.formatMessage(emptyText)}</p>
        </EmptyState>
      ) : null}
      {sharedWithMe.length > 0 ? (
        <section className="stack" aria-labelledby="home-shared-title">
          <h2 id="home-shared-title">{intl.formatMessage(messages.sharedWithMe)}</h2>
          <CollectionCards collections={sharedWithMe} />
        </section>
      ) : null}
      {others.length > 0 ? <CollectionCards collections={others} /> : null}
    </div>
  );
}
