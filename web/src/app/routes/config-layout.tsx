// The Configuration area belongs to the built-in administrator (docs/product.md §6); others see a not-found screen.
import { defineMessages, useIntl } from 'react-intl';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { BUILTIN_ADMIN_USERNAME } from '@shared/constants';
import { NotFoundScreen } from '@web/components/not-found-screen';
import { paths } from '@web/lib/paths';
import { useSession } from '@web/lib/use-session';

const messages = defineMessages({
  title: { id: 'app.configLayout.title', defaultMessage: 'Configuration' },
  tabs: { id: 'app.configLayout.tabs', defaultMessage: 'Configuration sections' },
  users: { id: 'app.configLayout.users', defaultMessage: 'Users' },
  settings: { id: 'app.configLayout.settings', defaultMessage: 'Settings' },
  backups: { id: 'app.configLayout.backups', defaultMessage: 'Backups' },
  emails: { id: 'app.configLayout.emails', defaultMessage: 'Emails' },
  modules: { id: 'app.configLayout.modules', defaultMessage: 'Modules' },
});

/** The sections, in order: Settings is the area's own address; the others hold pages below theirs. */
const SECTIONS = [
  { key: 'settings', to: paths.config, exact: true },
  { key: 'users', to: paths.configUsers, exact: false },
  { key: 'backups', to: paths.configBackups, exact: false },
  { key: 'emails', to: paths.configEmails, exact: false },
  { key: 'modules', to: paths.configModules, exact: false },
] as const;

export default function ConfigLayoutRoute() {
  const intl = useIntl();
  const session = useSession();
  const location = useLocation();
  if (session?.username !== BUILTIN_ADMIN_USERNAME) return <NotFoundScreen />;
  return (
    <div className="stack">
      <h1>{intl.formatMessage(messages.title)}</h1>
      <nav className="tabs" aria-label={intl.formatMessage(messages.tabs)}>
        {SECTIONS.map(({ key, to, exact }) => {
          const active = exact ? location.pathname === to() : location.pathname.startsWith(to());
          return (
            <NavLink
              key={key}
              to={to()}
              className={active ? 'tabs__tab is-active' : 'tabs__tab'}
              aria-current={active ? 'page' : undefined}
              end={exact}
            >
              {intl.formatMessage(messages[key])}
            </NavLink>
          );
        })}
      </nav>
      <Outlet />
    </div>
  );
}
