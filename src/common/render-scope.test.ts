import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RenderScope } from "./render-scope";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("RenderScope (a render's value, its promise hooks on only while a render runs)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("carries each render's value through its awaits, overlapping renders apart, and nothing outside", async () => {
    const scope = new RenderScope<string>();
    const seen: string[] = [];
    const render = (name: string, waits: number) =>
      scope.run(name, async () => {
        for (let i = 0; i < waits; i++) {
          await tick();
          seen.push(`${name}:${scope.get()}`);
        }
        return name;
      });
    expect(await Promise.all([render("a", 3), render("b", 2)])).toEqual(["a", "b"]);
    expect(seen.sort()).toEqual(["a:a", "a:a", "a:a", "b:b", "b:b"]);
    expect(scope.get()).toBeUndefined();
  });

  it("disables its storage when the last running render ends, not before, and works again after", async () => {
    const disable = vi.spyOn(AsyncLocalStorage.prototype, "disable");
    const scope = new RenderScope<number>();
    let endFirst: () => void = () => {};
    const first = scope.run(1, () => new Promise<void>((resolve) => (endFirst = resolve)));
    const second = scope.run(2, async () => {
      await tick();
      return scope.get();
    });
    expect(await second).toBe(2);
    expect(disable).not.toHaveBeenCalled(); // the first render still runs
    endFirst();
    await first;
    expect(disable).toHaveBeenCalledTimes(1);
    expect(
      await scope.run(3, async () => {
        await tick();
        return scope.get();
      }),
    ).toBe(3);
    expect(disable).toHaveBeenCalledTimes(2);
  });

  it("ends a render that fails like one that succeeds", async () => {
    const disable = vi.spyOn(AsyncLocalStorage.prototype, "disable");
    const scope = new RenderScope<number>();
    await expect(
      scope.run(1, async () => {
        await tick();
        throw new Error("render failed");
      }),
    ).rejects.toThrow("render failed");
    expect(disable).toHaveBeenCalledTimes(1);
    expect(scope.get()).toBeUndefined();
  });
});
