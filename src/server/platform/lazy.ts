import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A dependency loaded on its first use instead of at start-up: what few requests need (image
 * processing, payments, passkeys) stays out of the memory of an instance that serves none of
 * them (libvips alone is several megabytes resident; docs/performance.md, issue 26). Loaded
 * synchronously (the package's CommonJS entry), so call sites stay as they were.
 */
export function lazy<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
