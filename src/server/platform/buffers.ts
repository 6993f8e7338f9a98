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
  const flush = async () => {
    await Promise.all(buffers.map((b) => b.flush()));
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
