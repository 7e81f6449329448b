// Code that only some people see (an owner's panels), kept out of a public page's first download. The
// Worker renders synchronously and cannot wait for React.lazy, so such a part renders nothing until its
// module has come: on the server and in the browser's first render alike, which hydration then matches.
// The module is asked for from an effect, so only when the part is actually shown.
import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';

export function loadAfterRender<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const start = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Offline or a deploy in between: the next showing tries again.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return function LoadedAfterRender(props: Props) {
    const [Component, setComponent] = useState<ComponentType<Props> | null>(() => loaded);
    useEffect(() => {
      if (Component) return undefined;
      let shown = true;
      start().then(
        (component) => shown && setComponent(() => component),
        () => undefined,
      );
      return () => {
        shown = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  };
}
