import path from "node:path";

/**
 * The checks behind src/architecture.test.ts, kept apart so the test can prove them on small
 * graphs. Paths in a graph are relative to src/ with forward slashes ("client/ui/toast.tsx").
 */

/** The file a relative import names (".ts", ".tsx", "/index.ts(x)", ".js" written for ".ts"), or null. */
export function resolveImport(
  from: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | null {
  if (!specifier.startsWith(".")) return null;
  const bare = specifier.replace(/[?#].*$/, "");
  const base = path.resolve(path.dirname(from), bare);
  const noJs = base.replace(/\.(m?js|jsx)$/, "");
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${noJs}.ts`,
    `${noJs}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ];
  return candidates.find((c) => /\.(tsx?|json|css)$/.test(c) && exists(c)) ?? null;
}

/** Every elementary import cycle's entry, as a closed path ("a → b → a"), each cycle once. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components; then one shortest cycle through each component's
  // first file, and any self-import. Enough to point at every tangle, readable in a message.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const edges = (n: string) => (graph.get(n) ?? []).filter((m) => graph.has(m));

  const visit = (root: string) => {
    // Iterative, so a deep graph cannot overflow the call stack.
    const work: Array<{ node: string; next: number }> = [{ node: root, next: 0 }];
    indexOf.set(root, index);
    low.set(root, index++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const out = edges(frame.node);
      if (frame.next < out.length) {
        const m = out[frame.next++] as string;
        if (!indexOf.has(m)) {
          indexOf.set(m, index);
          low.set(m, index++);
          stack.push(m);
          onStack.add(m);
          work.push({ node: m, next: 0 });
        } else if (onStack.has(m)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, indexOf.get(m) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === indexOf.get(frame.node)) {
        const component: string[] = [];
        let m: string | undefined;
        do {
          m = stack.pop() as string;
          onStack.delete(m);
          component.push(m);
        } while (m !== frame.node);
        components.push(component);
      }
    }
  };
  for (const n of [...graph.keys()].sort()) if (!indexOf.has(n)) visit(n);

  const cycles: string[][] = [];
  for (const component of components) {
    const members = new Set(component);
    const start = [...component].sort()[0] as string;
    if (component.length === 1) {
      if (edges(start).includes(start)) cycles.push([start, start]);
      continue;
    }
    // Breadth-first from start back to start inside the component.
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | null = null;
    while (queue.length > 0 && closing === null) {
      const n = queue.shift() as string;
      for (const m of edges(n).sort()) {
        if (!members.has(m)) continue;
        if (m === start) {
          closing = n;
          break;
        }
        if (!previous.has(m)) {
          previous.set(m, n);
          queue.push(m);
        }
      }
    }
    const cycle = [start];
    for (let n = closing; n !== null && n !== start; n = previous.get(n) ?? null) cycle.splice(1, 0, n);
    cycle.push(start);
    cycles.push(cycle);
  }
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** Imports that cross the layers: client → server, common → client or server. */
export function layerViolations(graph: Map<string, string[]>): string[] {
  const layer = (file: string) => file.split("/")[0];
  const forbidden: Record<string, string[]> = { client: ["server"], common: ["client", "server"] };
  const out: string[] = [];
  for (const [file, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    const banned = forbidden[layer(file) ?? ""] ?? [];
    for (const target of [...targets].sort()) {
      if (banned.includes(layer(target) ?? "")) out.push(`${file} imports ${target}`);
    }
  }
  return out;
}

/** A test file (`*.test.ts`, `*.api.test.ts`, `*.process.test.ts`, … and `.tsx`). */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file);
}

/** The one tree of test helpers (issue 20): tests and its own files may import it, nothing else. */
export const TEST_TREE = "server/test/";

/** Imports of the test tree by production code (any file that is neither a test nor in the tree). */
export function testTreeViolations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    if (isTestFile(file) || file.startsWith(TEST_TREE)) continue;
    for (const target of [...targets].sort()) {
      if (target.startsWith(TEST_TREE)) out.push(`${file} imports ${target}`);
    }
  }
  return out;
}

const FEATURE_FILE = /^(server|client)\/features\/([^/]+)\/(.+)$/;

/**
 * A feature's public entry, the one file other features may import:
 * - server: `public.ts`. A server feature's `index.ts` is its Fastify plugin (routes, listeners,
 *   jobs, seed steps), imported by `app.ts` alone; were it also the entry others import, a
 *   feature using another's helper would load that feature's routes, and two features using
 *   each other's helpers would make an import cycle through their routes.
 * - client: `index.ts` (or `index.tsx`).
 */
export function isPublicEntry(side: string, fileInFeature: string): boolean {
  return side === "server" ? fileInFeature === "public.ts" : /^index\.tsx?$/.test(fileInFeature);
}

/**
 * Imports from one feature into another feature's internals, as "a imports b": under
 * `server/features/<a>/` (or `client/features/<a>/`), a file of `<b>/` with b ≠ a may be imported
 * only as that feature's public entry (`isPublicEntry`). Test files count too.
 */
export function crossFeatureImports(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    const from = FEATURE_FILE.exec(file);
    if (!from) continue;
    for (const target of [...targets].sort()) {
      const to = FEATURE_FILE.exec(target);
      if (!to || to[1] !== from[1] || to[2] === from[2]) continue;
      if (isPublicEntry(to[1] ?? "", to[3] ?? "")) continue;
      out.push(`${file} imports ${target}`);
    }
  }
  return out;
}
