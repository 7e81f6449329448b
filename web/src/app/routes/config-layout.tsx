// The Configuration area belongs to the built-in administrator (spec §6); others see a not-found screen.
import { defineMessages, useIntl } from 'react-intl';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { BUILTIN_ADMIN_USERNAME } from '../../../../shared/constants';
import { NotFoundScreen } from '../../components/not-found-screen';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/use-session';

const messages = defineMessages({
  title: { id: 'app.configLayout.title', defaultMessage: 'Configuration' },
  tabs: { id: 'app.configLayout.tabs', defaultMessage: 'Configuration sections' },
  users: { id: 'app.configLayout.users', defaultMessage: 'Users' },
  settings: { id: 'app.configLayout.settings', defaultMessage: 'Settings' },
  backups: { id: 'app.configLayout.backups', defaultMessage: 'Backups' },
  emails: { id: 'app.configLayout.emails', defaultMessage: 'Emails' },
  modules: { id: 'app.configLayout.modules', defaultMessage: 'Modules' },
});

export default function ConfigLayoutRoute() {
  const intl = useIntl();
  const session = useSession();
  const location = useLocation();
  if (session?.username !== BUILTIN_ADMIN_USERNAME) return <NotFoundScreen />;
  const onSettings = location.pathname === paths.config();
  const onUsers = location.pathname.startsWith(paths.configUsers());
  const onBackups = location.pathname.startsWith(paths.configBackups());
  const onEmails = location.pathname.startsWith(paths.configEmails());
  const onModules = location.pathname.startsWith(paths.configModules());
  return (
    <div className="stack">
      <h1>{intl.formatMessage(messages.title)}</h1>
      <nav className="tabs" aria-label={intl.formatMessage(messages.tabs)}>
        <NavLink
          to={paths.config()}
          className={onSettings ? 'tabs__tab is-active' : 'tabs__tab'}
          aria-current={onSettings ? 'page' : undefined}
          end
        >
          {intl.formatMessage(messages.settings)}
        </NavLink>
        <NavLink
          to={paths.configUsers()}
          className={onUsers ? 'tabs__tab is-active' : 'tabs__tab'}
          aria-current={onUsers ? 'page' : undefined}
          end={false}
        >
          {intl.formatMessage(messages.users)}
        </NavLink>
        <NavLink
          to={paths.configBackups()}
          className={onBackups ? 'tabs__tab is-active' : 'tabs__tab'}
          aria-current={onBackups ? 'page' : undefined}
        >
          {intl.formatMessage(messages.backups)}
        </NavLink>
        <NavLink
          to={paths.configEmails()}
          className={onEmails ? 'tabs__tab is-active' : 'tabs__tab'}
          aria-current={onEmails ? 'page' : undefined}
        >
          {intl.formatMessage(messages.emails)}
        </NavLink>
        <NavLink
          to={paths.configModules()}
          className={onModules ? 'tabs__tab is-active' : 'tabs__tab'}
          aria-current={onModules ? 'page' : undefined}
        >
          {intl.formatMessage(messages.modules)}
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
