import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { createEventBus, type DomainEvents } from "./events";

function fakeLog() {
  const error = vi.fn();
  return { log: { error } as unknown as FastifyBaseLogger, error };
}

describe("the event bus", () => {
  it("runs the listeners of an event in the order they were added, one after the other", async () => {
    const { log } = fakeLog();
    const bus = createEventBus(log);
    const seen: string[] = [];
    bus.on("user.followed", async (e) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`first ${e.actorId}→${e.userId}`);
    });
    bus.on("user.followed", (e) => {
      seen.push(`second ${e.actorId}→${e.userId}`);
    });
    bus.on("post.liked", () => {
      seen.push("other event");
    });
    await bus.emit("user.followed", { actorId: 1, userId: 2 });
    // emit resolves only once every listener is done: an awaiting emitter answers after them.
    expect(seen).toEqual(["first 1→2", "second 1→2"]);
  });

  it("logs a failing listener, runs the ones after it, and never rejects", async () => {
    const { log, error } = fakeLog();
    const bus = createEventBus(log);
    const after: number[] = [];
    bus.on("post.deleted", () => {
      throw new Error("listener broke");
    });
    bus.on("post.deleted", async () => Promise.reject(new Error("async listener broke")));
    bus.on("post.deleted", (e) => {
      after.push(e.postId);
    });
    await expect(bus.emit("post.deleted", { postId: 7 })).resolves.toBeUndefined();
    expect(after).toEqual([7]);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0]?.[0]).toMatchObject({ event: "post.deleted" });
  });

  it("stops calling a listener once it is removed", async () => {
    const bus = createEventBus(fakeLog().log);
    const calls: number[] = [];
    const off = bus.on("prompt.liked", (e) => {
      calls.push(e.promptId);
    });
    await bus.emit("prompt.liked", { actorId: 1, promptId: 1, ownerId: 2 });
    off();
    await bus.emit("prompt.liked", { actorId: 1, promptId: 2, ownerId: 2 });
    expect(calls).toEqual([1]);
  });

  it("types each event's payload by its name (checked by the typecheck)", async () => {
    const bus = createEventBus(fakeLog().log);
    bus.on("post.rating-created", (e) => {
      const rating: number = e.rating;
      // @ts-expect-error a rating post's payload has no actorId
      void e.actorId;
      void rating;
    });
    // @ts-expect-error user.followed needs the followed member
    await bus.emit("user.followed", { actorId: 1 });
    // @ts-expect-error postId is a number
    await bus.emit("post.deleted", { postId: "7" });
    // @ts-expect-error no such event
    await bus.emit("post.exploded", {});
    const payload: DomainEvents["user.registered"] = { userId: 1, email: "a@example.com", username: "a" };
    await bus.emit("user.registered", payload);
  });
});
