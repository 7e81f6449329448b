// "More actions": a quiet icon button that opens a menu of a row's actions (Edit, Duplicate, Delete…),
// so lists do not end in walls of red buttons. Destructive entries lead to their confirmation screens.
// Keyboard (WAI-ARIA menu button pattern): Enter, Space or ArrowDown open on the first entry, ArrowUp on
// the last; arrows move (wrapping), Home/End jump, Escape closes and Tab leaves; the focus returns to
// the button when the menu closes from inside. A pointer press elsewhere closes it too.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { IconComponent } from './button';
import './action-menu.css';

export interface MenuAction {
  label: string;
  icon?: IconComponent;
  /** A route to go to, or… */
  to?: string;
  /** …something to do. */
  onSelect?: () => void;
  disabled?: boolean;
  /** Shown in the danger colour (the confirmation screen still asks). */
  danger?: boolean;
}

interface ActionMenuProps {
  /** The button's accessible name and tooltip, e.g. "More actions for Dune". */
  label: string;
  actions: MenuAction[];
  size?: 'normal' | 'small';
}

type Opening = 'first' | 'last' | null;

export function ActionMenu({ label, actions, size = 'small' }: ActionMenuProps) {
  const id = useId();
  const [opening, setOpening] = useState<Opening>(null);
  const [position, setPosition] = useState<{ top: number; right: number } | null>(null);
  // The menu follows its button when the page scrolls or resizes, and opens upwards near the bottom.
  const place = useCallback(() => {
    if (!trigger.current) return;
    const rect = trigger.current.getBoundingClientRect();
    const height = menu.current?.offsetHeight ?? 0;
    const below = rect.bottom + 4;
    const top = below + height > window.innerHeight && rect.top - 4 - height >= 0 ? rect.top - 4 - height : below;
    setPosition({ top, right: Math.max(8, window.innerWidth - rect.right) });
  }, []);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const open = opening !== null;

  function items(): HTMLElement[] {
    return Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  }

  function close(returnFocus: boolean) {
    setOpening(null);
    if (returnFocus) trigger.current?.focus();
  }

  // Placed against the viewport, so tables that scroll sideways do not clip it.
  useLayoutEffect(() => {
    if (!open) return;
    place();
    const entries = items();
    (opening === 'last' ? entries[entries.length - 1] : entries[0])?.focus();
    // Only when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    function onPointer(event: PointerEvent) {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) close(false);
    }
    function onViewport() {
      place();
    }
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onViewport);
    window.addEventListener('scroll', onViewport, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onViewport);
      window.removeEventListener('scroll', onViewport, true);
    };
  }, [open, place]);

  function onTriggerKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpening('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpening('last');
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const entries = items();
    const current = entries.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(entries.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
    }
  }

  const iconSize = 18;
  return (
    <div className="action-menu">
      <button
        ref={trigger}
        type="button"
        className={size === 'small' ? 'icon-button icon-button--small' : 'icon-button'}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close(false) : setOpening('first'))}
        onKeyDown={onTriggerKey}
      >
        <MoreHorizontal size={size === 'small' ? 18 : 20} aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={label}
          className="action-menu__list"
          style={position ? { top: position.top, right: position.right } : undefined}
          onKeyDown={onMenuKey}
        >
          {actions.map((action) => {
            const Icon = action.icon;
            const className = action.danger ? 'action-menu__item action-menu__item--danger' : 'action-menu__item';
            const content = (
              <>
                {Icon ? <Icon size={iconSize} aria-hidden="true" /> : null}
                <span>{action.label}</span>
              </>
            );
            if (action.to && !action.disabled) {
              return (
                <Link key={action.label} role="menuitem" tabIndex={-1} className={className} to={action.to} onClick={() => close(false)}>
                  {content}
                </Link>
              );
            }
            return (
              <button
                key={action.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={className}
                aria-disabled={action.disabled ? true : undefined}
                onClick={() => {
                  if (action.disabled) return;
                  close(true);
                  action.onSelect?.();
                }}
              >
                {content}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
