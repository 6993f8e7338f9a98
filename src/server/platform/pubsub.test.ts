import { describe, expect, it } from "vitest";
import { createPubSub } from "./pubsub";

describe("in-process pub/sub (no Redis)", () => {
  it("delivers to the listeners of the exact channel and counts them", async () => {
    const bus = createPubSub(undefined);
    const got: string[] = [];
    const offA = bus.subscribe("notifications:1", (m) => got.push(`a${m.count}`));
    const offB = bus.subscribe("notifications:1", (m) => got.push(`b${m.count}`));
    bus.subscribe("notifications:2", (m) => got.push(`other${m.count}`));
    expect(bus.listenerCount("notifications:1")).toBe(2);
    expect(bus.listenerCount()).toBe(3);
    await bus.publish("notifications:1", { count: 4 });
    expect(got).toEqual(["a4", "b4"]);
    offA();
    offA(); // removing twice is harmless
    await bus.publish("notifications:1", { count: 5 });
    expect(got).toEqual(["a4", "b4", "b5"]);
    offB();
    expect(bus.listenerCount("notifications:1")).toBe(0);
    await bus.close();
    expect(bus.listenerCount()).toBe(0);
  });

  it("keeps delivering when one listener throws", async () => {
    const bus = createPubSub(undefined);
    const got: number[] = [];
    bus.subscribe("c", () => {
      throw new Error("boom");
    });
    bus.subscribe("c", (m) => got.push(m.n as number));
    await bus.publish("c", { n: 1 });
    expect(got).toEqual([1]);
  });
});
