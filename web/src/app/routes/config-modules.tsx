// Configuration → Modules (docs/product.md §2): the metadata sources, each on or off, its key, and a test; then the
// external modules, registered by their address and upgraded all at once.
import { defineMessages, useIntl } from 'react-intl';
import { DemoNotice } from '@web/components/demo-notice';
import { Loading } from '@web/components/loading';
import { PageError } from '@web/components/page-error';
import { collectionTypeLabel } from '@web/features/collections/components/collection-type';
import { useSourceModules } from '@web/features/sources/api/sources';
import { ExternalModules } from '@web/features/sources/components/external-modules';
import { SourceModules } from '@web/features/sources/components/source-modules';
import { useDemoMode } from '@web/lib/use-demo-mode';
import { usePageTitle } from '@web/lib/use-page-title';

const messages = defineMessages({ title: { id: 'app.configModules.title', defaultMessage: 'Modules' } });

export default function ConfigModulesRoute() {
  const intl = useIntl();
  const demo = useDemoMode();
  const { data, error, mutate } = useSourceModules();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  return (
    <section className="card stack" aria-labelledby="config-modules-title">
      <h2 id="config-modules-title">{title}</h2>
      {demo ? <DemoNotice /> : null}
      {error ? <PageError error={error} /> : null}
      {!data && !error ? <Loading /> : null}
      {data ? (
        <>
          <SourceModules
            modules={data.sources}
            readOnly={demo}
            typeName={(type) => collectionTypeLabel(intl, type)}
            onSaved={(saved) =>
              void mutate({ ...data, sources: data.sources.map((s) => (s.id === saved.id ? saved : s)) }, { revalidate: false })
            }
          />
          <ExternalModules
            modules={data.external}
            readOnly={demo}
            typeName={(type) => collectionTypeLabel(intl, type)}
            onChange={(external) => void mutate({ ...data, external }, { revalidate: false })}
          />
        </>
      ) : null}
    </section>
  );
}
