// A part of a rendered page hydrated in a later task than the rest (lib/hydration-turns.ts). Its child
// must render a single element: that element is what stays in place, as rendered, while it waits.
import { Component, Suspense, useId, type ReactElement } from 'react';
import { hydrationTurn } from '@web/lib/hydration-turns';

interface GateProps {
  turn: number;
  children: ReactElement;
}

/**
 * Preact's own fields (mangled names of the pinned version): a component's vnode, and on a vnode the
 * counter `useId` draws from, found by walking up to the nearest vnode that has one.
 */
interface PreactInternals {
  __v?: { __m?: [string | number, number] };
}

/**
 * Hydrating leaves attributes as the server wrote them, so a part is first taken over as it was rendered;
 * what changed while it waited (a phone's layout, newer data) follows at once as an ordinary update.
 * A class, because a part that waits before it ever mounted loses its hooks but keeps its instance.
 */
class TurnGate extends Component<GateProps & { scope: string }> {
  private rendered: ReactElement | null = null;
  private mounted = false;
  private ids: [string, number] | null = null;

  override componentDidMount() {
    this.mounted = true;
    if (this.rendered && this.rendered !== this.props.children) this.forceUpdate();
  }

  override render() {
    // `useId` counts in the order things render: a part hydrated later would draw other ids than the
    // server gave it (and than its neighbours'). Its own counter, named after its place, keeps them equal.
    const vnode = (this as unknown as PreactInternals).__v;
    if (vnode) vnode.__m = this.ids ??= [this.props.scope, 0];
    const wait = hydrationTurn(this.props.turn);
    if (wait) {
      this.rendered ??= this.props.children;
      throw wait;
    }
    return this.rendered && !this.mounted ? this.rendered : this.props.children;
  }
}

/** Parts with the same `turn` are hydrated together; lower turns first. Elsewhere it renders its child. */
export function HydrateLater({ turn, children }: GateProps) {
  const scope = useId();
  return (
    <Suspense fallback={null}>
      <TurnGate turn={turn} scope={scope}>
        {children}
      </TurnGate>
    </Suspense>
  );
}
