import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { patchQueries } from "./patch-queries";

interface Item {
  id: number;
  text: string;
}

/** A server whose answers the test releases one by one: what it holds when each is released. */
function slowServer(initial: Item[]) {
  let state = initial;
  const waiting: Array<() => void> = [];
  return {
    set: (next: Item[]) => {
      state = next;
    },
    fetch: () =>
      new Promise<Item[]>((resolve) => {
        // The answer is computed now (before any later change), sent when released.
        const answer = state;
        waiting.push(() => resolve(answer));
      }),
    release: () => waiting.shift()?.(),
    get pending() {
      return waiting.length;
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("patchQueries", () => {
  it("keeps a change made while the list was being refetched (the refetch's older answer does not undo it)", async () => {
    const qc = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    const server = slowServer([{ id: 1, text: "first" }]);
    const observer = new QueryObserver(qc, { queryKey: ["posts", "feed"], queryFn: server.fetch });
    const seen: Array<Item[] | undefined> = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data));
    server.release();
    await settle();
    expect(qc.getQueryData(["posts", "feed"])).toEqual([{ id: 1, text: "first" }]);

    // A refetch starts (a new post elsewhere); while it runs, the member edits post 1.
    void observer.refetch();
    await settle();
    expect(server.pending).toBe(1);
    server.set([{ id: 1, text: "edited" }]);
    const edit = (list: Item[] | undefined) => list?.map((p) => (p.id === 1 ? { ...p, text: "edited" } : p));
    patchQueries<Item[]>(qc, { queryKey: ["posts"] }, edit);
    expect(qc.getQueryData(["posts", "feed"])).toEqual([{ id: 1, text: "edited" }]);

    // The old refetch's answer (computed before the edit) lands, then the one made again.
    await settle();
    while (server.pending > 0) {
      server.release();
      await settle();
    }
    expect(qc.getQueryData(["posts", "feed"])).toEqual([{ id: 1, text: "edited" }]);
    expect(seen.at(-1)).toEqual([{ id: 1, text: "edited" }]);
    unsubscribe();
  });

  it("refetches nothing when nothing is being fetched", async () => {
    const qc = new QueryClient();
    let fetches = 0;
    qc.setQueryData(["posts", "feed"], [{ id: 1, text: "first" }]);
    const observer = new QueryObserver(qc, {
      queryKey: ["posts", "feed"],
      queryFn: async () => {
        fetches += 1;
        return [];
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    patchQueries<Item[]>(qc, { queryKey: ["posts"] }, (list) => list?.map((p) => ({ ...p, text: "edited" })));
    await settle();
    expect(fetches).toBe(0);
    expect(qc.getQueryData(["posts", "feed"])).toEqual([{ id: 1, text: "edited" }]);
    unsubscribe();
  });
});
