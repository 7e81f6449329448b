// The frame of a screen: its page title, the breadcrumb trail leading to it (ending with the title),
// and for form screens the card with the heading and the demo-mode notice.
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useDemoMode } from '../lib/use-demo-mode';
import { usePageTitle } from '../lib/use-page-title';
import { Breadcrumbs } from './breadcrumbs';
import type { Crumb } from './breadcrumbs';
import { DemoNotice } from './demo-notice';

interface ScreenProps {
  /** The page title, and the last breadcrumb. */
  title: string;
  /** Where the screen sits, without itself; no trail when absent. */
  crumbs?: Crumb[];
  children: ReactNode;
}

export function Screen({ title, crumbs, children }: ScreenProps) {
  usePageTitle(title);
  return (
    <div className="stack">
      {crumbs ? <Breadcrumbs crumbs={[...crumbs, { label: title }]} /> : null}
      {children}
    </div>
  );
}

interface FormScreenProps extends ScreenProps {
  /** 2 inside an area that has its own h1 (Configuration). */
  headingLevel?: 1 | 2;
  /** Extra class of the card, e.g. a narrower width. */
  cardClassName?: string;
  /** Shown after the card: what is saved apart from the form, such as a picture. */
  after?: ReactNode;
  /** False where demo mode changes nothing (a form that works the same in demo mode). */
  demoNotice?: boolean;
}

/** A screen whose body is one form in a card headed by the title. */
export function FormScreen({ title, crumbs, headingLevel = 1, cardClassName, after, demoNotice = true, children }: FormScreenProps) {
  const headingId = useId();
  const demo = useDemoMode();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Screen title={title} crumbs={crumbs}>
      <section className={cardClassName ? `card ${cardClassName}` : 'card'} aria-labelledby={headingId}>
        <Heading id={headingId}>{title}</Heading>
        {demo && demoNotice ? <DemoNotice /> : null}
        {children}
      </section>
      {after}
    </Screen>
  );
}
