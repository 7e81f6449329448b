// Top navigation (docs/product.md §1). On narrow screens the same links fold behind a menu button.
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { HandHeart, Info, Library, LogIn, LogOut, Menu, Settings, UserRound, X } from 'lucide-react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { BUILTIN_ADMIN_USERNAME } from '@shared/constants';
import { LanguageSelect } from '../components/language-select';
import { Logo } from '../components/logo';
import { useSignOut } from '../features/auth/api/delete-token';
import { paths } from '../lib/paths';
import { useDemoMode } from '../lib/use-demo-mode';
import { useSession } from '../lib/use-session';
import { useInstanceName, useLoansEnabled } from '../lib/use-settings';

const messages = defineMessages({
  label: { id: 'app.navBar.label', defaultMessage: 'Main' },
  menu: { id: 'app.navBar.menu', defaultMessage: 'Menu' },
  demo: { id: 'app.navBar.demo', defaultMessage: 'Demo' },
  demoHint: { id: 'app.navBar.demoHint', defaultMessage: 'Demo mode: changes are disabled' },
  collections: { id: 'app.navBar.collections', defaultMessage: 'Collections' },
  borrowers: { id: 'app.navBar.borrowers', defaultMessage: 'Borrowers' },
  about: { id: 'app.navBar.about', defaultMessage: 'About' },
  configuration: { id: 'app.navBar.configuration', defaultMessage: 'Configuration' },
  profile: { id: 'app.navBar.profile', defaultMessage: 'My profile' },
  signOut: { id: 'app.navBar.signOut', defaultMessage: 'Sign out' },
  signIn: { id: 'app.navBar.signIn', defaultMessage: 'Sign in' },
});

const MENU_ID = 'main-menu';

const ICON = 18;

function linkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'nav__link is-active' : 'nav__link';
}

export function NavBar() {
  const intl = useIntl();
  const instanceName = useInstanceName();
  const session = useSession();
  const demo = useDemoMode();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  // Spec §1: Borrowers for signed-in users, while the instance lends ("Enable loans").
  const loansEnabled = useLoansEnabled();
  // The phone menu is open at one location: following a link (a click, a key, the browser's history)
  // folds it away by itself.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (value: boolean) => setOpenAt(value ? location.key : null);

  // Spec §1: Collections is the active entry on the catalogue's pages (home, collections, items, a borrow
  // request's page); About, Configuration, My profile and Sign in are their own, and a page that is none
  // of these (a 404) marks nothing, so that one entry at most is the current page.
  const collectionsActive = location.pathname === '/' || /^\/(collection|borrow)(\/|$)/.test(location.pathname);
  const lendingActive = /^\/borrowers(\/|$)/.test(location.pathname);
  const isAdmin = session?.username === BUILTIN_ADMIN_USERNAME;
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // While it is open, Escape anywhere closes it (focus back on its button) and so does a tap outside.
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  async function onSignOut() {
    setOpen(false);
    await signOut();
    void navigate(paths.home());
  }

  return (
    <header className="topbar" ref={headerRef}>
      <div className="topbar__inner">
        <Link to={paths.home()} className="brand">
          <Logo />
          {instanceName}
        </Link>
        {demo ? (
          <span className="badge badge--demo" title={intl.formatMessage(messages.demoHint)}>
            {intl.formatMessage(messages.demo)}
          </span>
        ) : null}
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen(!open)}
        >
          {open ? <X size={20} aria-hidden="true" /> : <Menu size={20} aria-hidden="true" />}
          {intl.formatMessage(messages.menu)}
        </button>
        <nav id={MENU_ID} className={open ? 'nav is-open' : 'nav'} aria-label={intl.formatMessage(messages.label)}>
          <ul className="nav__list">
            <li>
              <Link
                to={paths.home()}
                className={collectionsActive ? 'nav__link is-active' : 'nav__link'}
                aria-current={collectionsActive ? 'page' : undefined}
              >
                <Library size={ICON} aria-hidden="true" />
                {intl.formatMessage(messages.collections)}
              </Link>
            </li>
            {session && loansEnabled ? (
              <li>
                <Link
                  to={paths.lending()}
                  className={linkClass({ isActive: lendingActive })}
                  aria-current={lendingActive ? 'page' : undefined}
                >
                  <HandHeart size={ICON} aria-hidden="true" />
                  {intl.formatMessage(messages.borrowers)}
                </Link>
              </li>
            ) : null}
            <li>
              <NavLink to={paths.about()} className={linkClass}>
                <Info size={ICON} aria-hidden="true" />
                {intl.formatMessage(messages.about)}
              </NavLink>
            </li>
          </ul>
          <ul className="nav__list nav__list--end">
            <li>
              <LanguageSelect />
            </li>
            {isAdmin ? (
              <li>
                <NavLink to={paths.config()} className={linkClass}>
                  <Settings size={ICON} aria-hidden="true" />
                  {intl.formatMessage(messages.configuration)}
                </NavLink>
              </li>
            ) : null}
            {session ? (
              <>
                <li>
                  <NavLink to={paths.profile()} className={linkClass}>
                    <UserRound size={ICON} aria-hidden="true" />
                    {intl.formatMessage(messages.profile)}
                  </NavLink>
                </li>
                <li>
                  <button type="button" className="nav__link nav__button" onClick={() => void onSignOut()}>
                    <LogOut size={ICON} aria-hidden="true" />
                    {intl.formatMessage(messages.signOut)}
                  </button>
                </li>
              </>
            ) : (
              <li>
                <NavLink to={paths.login()} className={linkClass}>
                  <LogIn size={ICON} aria-hidden="true" />
                  {intl.formatMessage(messages.signIn)}
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
