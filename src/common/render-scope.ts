import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A value carried through the asynchronous work of a server render (an AsyncLocalStorage), whose
 * promise hooks are on only while a render runs. While any AsyncLocalStorage is enabled, Node runs
 * a hook on every promise the process makes — every request's, not only the render's (3.7 % of the
 * server's time under the HTML mix, where 99.5 % of the pages are served kept, issue 26). Once the
 * last render has ended, no one asks for the value, so the storage is disabled (`disable`), and
 * with no other storage enabled Node turns the hooks off until the next render.
 *
 * Node only (never imported by the browser's code): shared by the server's public cache (what a
 * page's render read) and the rendering module src/client/entry-server.tsx (whose session a
 * render's requests carry), which may import common code but not the server's.
 */
export class RenderScope<T> {
  readonly #storage = new AsyncLocalStorage<T>();
  #running = 0;

  /** The value of the render this code runs for, or undefined outside every render. */
  get(): T | undefined {
    return this.#running > 0 ? this.#storage.getStore() : undefined;
  }

  /** Runs `work` (a render, or part of one) with `value`, until its promise settles. */
  async run<R>(value: T, work: () => Promise<R>): Promise<R> {
    this.#running += 1;
    try {
      return await this.#storage.run(value, work);
    } finally {
      this.#running -= 1;
      if (this.#running === 0) this.#storage.disable();
    }
  }
}
