// The Borrowers area's two views: the lending overview and the list of borrowers.
import { defineMessages, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { paths } from '@web/lib/paths';

const messages = defineMessages({
  area: { id: 'lending.tabs.area', defaultMessage: 'Lending' },
  loans: { id: 'lending.tabs.loans', defaultMessage: 'Loans and requests' },
  borrowers: { id: 'lending.tabs.borrowers', defaultMessage: 'Borrowers' },
});

export function LendingTabs() {
  const intl = useIntl();
  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'tabs__tab is-active' : 'tabs__tab');
  return (
    <nav className="tabs" aria-label={intl.formatMessage(messages.area)}>
      <NavLink to={paths.lending()} className={linkClass} end>
        {intl.formatMessage(messages.loans)}
      </NavLink>
      <NavLink to={paths.borrowers()} className={linkClass} end>
        {intl.formatMessage(messages.borrowers)}
      </NavLink>
    </nav>
  );
}
