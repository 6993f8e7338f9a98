import type { TestApp, TestMember } from "./harness";

/** Test helpers for the live notification stream (a real listening server is needed for SSE). */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  headers: Headers;
  next(timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

export async function listenOnce(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === "object") return `http://127.0.0.1:${address.port}`;
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const a = t.app.server.address();
  if (!a || typeof a !== "object") throw new Error("server did not listen");
  return `http://127.0.0.1:${a.port}`;
}

/** Opens the stream and parses `event:`/`data:` blocks (comments and `retry:` are skipped). */
export async function openStream(base: string, member?: TestMember): Promise<SseClient> {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: member ? { cookie: member.cookie } : {},
    signal: ctrl.signal,
  });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: SseEvent[] = [];

  async function fill(): Promise<void> {
    if (!reader) throw new Error("no body");
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended");
    buffer += decoder.decode(value, { stream: true });
    let i = buffer.indexOf("\n\n");
    while (i >= 0) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      let event = "message";
      const data: string[] = [];
      let hasData = false;
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) {
          hasData = true;
          data.push(line.slice(5).trim());
        }
      }
      if (hasData) queue.push({ event, data: data.join("\n") });
      i = buffer.indexOf("\n\n");
    }
  }

  return {
    status: res.status,
    headers: res.headers,
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no event in time");
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          fill(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error("no event in time")), left);
          }),
        ]).finally(() => clearTimeout(timer));
      }
      return queue.shift()!;
    },
    close() {
      ctrl.abort();
    },
  };
}

/** Waits until `check` passes (the server notices a closed socket asynchronously). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}
