import { ExternalLink } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import { OFFICIAL_WEBSITE, PRODUCT_NAME } from '@shared/constants';
import { Loading } from '@web/components/loading';
import { useApiInfo } from '@web/lib/use-api-info';
import { usePageTitle } from '@web/lib/use-page-title';

const messages = defineMessages({
  title: { id: 'app.about.title', defaultMessage: 'About' },
  apiVersion: { id: 'app.about.apiVersion', defaultMessage: 'API version' },
  unavailable: { id: 'app.about.unavailable', defaultMessage: 'unavailable' },
  website: { id: 'app.about.website', defaultMessage: 'Official website' },
});

const valued = defineMessages<{ description: { product: string } }>({
  description: {
    id: 'app.about.description',
    defaultMessage: '{product} is a free and open-source collection manager.',
  },
});

export default function AboutRoute() {
  const intl = useIntl();
  const { data, error } = useApiInfo();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  return (
    <section className="card narrow" aria-labelledby="about-title">
      <h1 id="about-title">{title}</h1>
      <p className="hero__lead">{intl.formatMessage(valued.description, { product: data?.name ?? PRODUCT_NAME })}</p>
      <dl className="details">
        <dt>{intl.formatMessage(messages.apiVersion)}</dt>
        <dd>{data ? data.version : error ? intl.formatMessage(messages.unavailable) : <Loading />}</dd>
      </dl>
      <p>
        <a className="button button--secondary" href={OFFICIAL_WEBSITE} rel="noopener noreferrer" target="_blank">
          {intl.formatMessage(messages.website)}
          <ExternalLink size={18} aria-hidden="true" className="button__icon" />
        </a>
      </p>
    </section>
  );
}
