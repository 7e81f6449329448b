// What a list shows when it has nothing yet: an icon, a sentence, and the next thing to do.
import type { ReactNode } from 'react';
import type { IconComponent } from './button';
import './empty-state.css';

interface EmptyStateProps {
  icon: IconComponent;
  /** The sentence: what is missing. */
  title: ReactNode;
  /** More about it, or how to get there. */
  children?: ReactNode;
  /** The next action (a ButtonLink, usually). */
  action?: ReactNode;
  /** One line with a small icon, for a section of a page rather than the page's main list. */
  compact?: boolean;
}

export function EmptyState({ icon: Icon, title, children, action, compact = false }: EmptyStateProps) {
  return (
    <div className={compact ? 'empty-state empty-state--compact' : 'empty-state'}>
      <span className="empty-state__icon">
        <Icon size={compact ? 18 : 32} aria-hidden="true" />
      </span>
      <p className="empty-state__title">{title}</p>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
