/**
 * Writes an instance holds in memory a moment and makes in batches (post views, decision 0113).
 * Each holder registers its flush; the app flushes them all before it closes its connections,
 * and tests flush them to read what was held.
 */
export interface WriteBuffers {
  add(buffer: { flush(): Promise<void>; stop(): void }): void;
  /** Writes everything held now. */
  flush(): Promise<void>;
  /** Stops the holders' timers and writes what they hold (the app's close). */
  close(): Promise<void>;
}

export function createWriteBuffers(): WriteBuffers {
  const buffers: { flush(): Promise<void>; stop(): void }[] = [];
  // In the order they were added: a later one may work on what an earlier one wrote (the ranks
  // refreshed from the views just counted).
  const flush = async () => {
    for (const b of buffers) await b.flush();
  };
  return {
    add(buffer) {
      buffers.push(buffer);
    },
    flush,
    async close() {
      for (const b of buffers) b.stop();
      await flush();
    },
  };
}

/** Writes held by `createHeldWrites`: each names the row (a post, a model) whose counter it moves. */
export interface HeldWrites<V extends { id: number }> {
  /** Holds a write until the next flush. */
  hold(value: V): void;
  /** Writes held for a row and not yet written. */
  pendingFor(id: number): number;
  /** Writes what is held (also run by the timer and on close). */
  flush(): Promise<void>;
  /** Stops the timer (the app's close then flushes). */
  stop(): void;
}

/**
 * Writes that a read would otherwise make one at a time (a view counted), held in memory and
 * made together every `flushMs` by `write` (decisions 0113 and 0128). Deduplicating is the
 * holder's: this keeps what it is given, in order. A batch that fails is dropped and told to
 * `onError` (a view is not worth a retry loop); what is held is lost only if the process dies
 * without closing. After `stop`, a hold is written at once.
 */
export function createHeldWrites<V extends { id: number }>(options: {
  flushMs: number;
  write: (batch: V[]) => Promise<void>;
  onError?: (err: unknown) => void;
}): HeldWrites<V> {
  let pending: V[] = [];
  const pendingPerId = new Map<number, number>();
  let stopped = false;

  async function flushNow() {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    try {
      await options.write(batch);
    } catch (err) {
      options.onError?.(err);
    } finally {
      for (const v of batch) {
        const left = (pendingPerId.get(v.id) ?? 1) - 1;
        if (left > 0) pendingPerId.set(v.id, left);
        else pendingPerId.delete(v.id);
      }
    }
  }
  const { flush, stop } = createPeriodicWork(options.flushMs, flushNow);

  return {
    hold(value) {
      pending.push(value);
      pendingPerId.set(value.id, (pendingPerId.get(value.id) ?? 0) + 1);
      if (stopped) void flush();
    },
    pendingFor: (id) => pendingPerId.get(id) ?? 0,
    flush,
    stop() {
      stopped = true;
      stop();
    },
  };
}

/**
 * `run` every `everyMs` (the timer does not keep the process alive) and whenever `flush` is
 * called, one run at a time: a flush waits for the run before it and then runs again, so what
 * was there when it was called is done when it resolves. `run` handles its own errors.
 */
export function createPeriodicWork(
  everyMs: number,
  run: () => Promise<void>,
): { flush(): Promise<void>; stop(): void } {
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    running = running.then(run);
    return running;
  };
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();
  return { flush, stop: () => clearInterval(timer) };
}
