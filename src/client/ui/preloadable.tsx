import { type ComponentProps, type ComponentType, type JSX, lazy } from "react";

/** A lazy component whose chunk can be loaded ahead of its first render. */
export type Preloadable<T> = T & { preload: () => Promise<void> };

/**
 * `React.lazy`, except that once `preload()` has settled the component renders at once instead of
 * suspending. A server-rendered page needs this: the browser loads the chunks of what the server
 * drew before hydrating (src/client/main.tsx), so hydration adopts the server's markup in one pass.
 * A plain lazy component suspends on its first render even when its chunk is in, and an update
 * reaching that still-suspended boundary (any re-render above it) makes React throw the server's
 * markup away and draw it again: the page's largest paint comes a second time, late (issue 20).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes
export function preloadable<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): Preloadable<T> {
  let loaded: T | undefined;
  let pending: Promise<{ default: T }> | undefined;
  const get = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a chunk that failed to load is asked again next time
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(get);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level, as React.lazy is
  function PreloadableComponent(props: ComponentProps<T> & JSX.IntrinsicAttributes) {
    // Once loaded, the component itself: a lazy one never committed before this (its chunk sets
    // `loaded` before it resolves), so switching never remounts anything.
    const Component = (loaded ?? Lazy) as ComponentType<ComponentProps<T>>;
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent as unknown as T, {
    preload: () => get().then(() => undefined),
  });
}
