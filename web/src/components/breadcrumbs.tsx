// Where a screen sits: Collections › a collection › this screen. The last entry is the current page.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

const messages = defineMessages({
  label: { id: 'components.breadcrumbs.label', defaultMessage: 'Breadcrumb' },
});

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const intl = useIntl();
  return (
    <nav className="breadcrumbs" aria-label={intl.formatMessage(messages.label)}>
      <ol className="breadcrumbs__list">
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className="breadcrumbs__item">
            {crumb.to && index < crumbs.length - 1 ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
