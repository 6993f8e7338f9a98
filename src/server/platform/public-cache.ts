import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { SESSION_COOKIE } from "../../common/constants";
import { RenderScope } from "../../common/render-scope";
import {
  acceptsEncoding,
  COMPRESS_THRESHOLD,
  decode,
  type EncodedText,
  encodeFor,
  keptBrotli,
  ownBytes,
  ownGzip,
} from "./compression";

/**
 * Micro-cache for signed-out public reads (issue 12 §3, docs/decisions/0038-public-micro-cache-for-signed-out-reads.md).
 *
 * A GET route opts in with `config: { publicCache: { ttlMs } }`. A request that carries no
 * session cookie at all (a cookie that turns out invalid still bypasses the cache, as any
 * cookie does; a route whose answer is the same for every viewer says `anyViewer`) is answered from the serialised JSON of the same URL computed at most `ttlMs`
 * (capped at MAX_TTL_MS) earlier by this instance. Rules:
 * - key: GET + path + query with its parameters sorted (stable, so repeated keys keep order);
 * - only status 200 string payloads without Set-Cookie are stored, with their content type: as
 *   brotli made once when large enough to be compressed (decision 0140; gzipped from it for a
 *   client that takes only gzip, decoded for one that takes neither), else as UTF-8 bytes;
 * - concurrent misses of one key wait for the first one (single flight); when the key's answer
 *   only aged (up to twice its ttlMs), they get that answer instead of waiting (stale while
 *   revalidating: a slow recomputation, a common-word search say, holds nobody up);
 * - bounded: MAX_ENTRIES entries and MAX_BYTES of payload (LRU), MAX_ENTRY_BYTES per answer;
 * - every successful write (POST/PUT/PATCH/DELETE answered < 400) empties the cache: on its own
 *   instance before it is answered, on the others when they hear of it (platform/write-sync.ts);
 *   what no request announces (background jobs) is at most ttlMs behind. Times come from
 *   ctx.now() (tests move it).
 * - entity answers (decision 0119): a route that names the entities its answer shows
 *   (`entities`: `post:12`, `thread:3`, `user:7`) keeps it up to MAX_ENTITY_TTL_MS in a second,
 *   bigger LRU; a write that announces what it touched (write-sync's `touches`) drops only the
 *   entity answers naming one of those entities (and every list answer, as any write does); a
 *   write that names nothing still empties everything.
 * - `onHit` lets a route keep a side effect of its handler on cached answers, or ask for a
 *   fresh answer (the model detail: a visitor whose view counts now sees it in the count).
 * Hits carry `X-Public-Cache: hit`.
 *
 * `app.publicCache.shared(key, compute)` keeps the same promise for data rather than answers:
 * rows that are the same for every viewer, shared by members' requests whose answer adds
 * something of the viewer's (the home feed's rows, with each member's likes looked up apart).
 * Same time to live, single flight and emptying on writes.
 *
 * `app.publicCache.page(url, render)` keeps a signed-out visitor's server-rendered page the same
 * way (decision 0124): the page is an entity answer when every API answer its render read was one
 * (it names all their entities and is dropped with any of them), otherwise a list answer emptied
 * by every write; it is stored as brotli, made once, like an API answer.
 */
export interface PublicCacheRouteConfig {
  ttlMs: number;
  /**
   * Runs for a request about to be answered from the cache; answering true makes it computed
   * fresh instead (and stored). Errors are logged and the cached answer still goes out.
   */
  onHit?: (request: FastifyRequest) => Promise<boolean> | boolean;
  /**
   * The answer depends on the URL alone for every viewer, signed in or not (global search):
   * members' requests are served from and stored in the cache too.
   */
  anyViewer?: boolean;
  /**
   * Answers true for a request whose answer is its own (e.g. a member with blocks under
   * `anyViewer`): it is neither answered from the cache nor stored.
   */
  skip?: (request: FastifyRequest) => Promise<boolean> | boolean;
  /**
   * The entities the answer shows (`post:12`, `thread:3`, `user:7`), from the request and the
   * handler's result: the answer is an entity answer, kept up to MAX_ENTITY_TTL_MS and dropped
   * by a write that names one of them or names nothing (decision 0119). Must name everything
   * whose change a named write could make to this answer: a list names its collection (`models`,
   * `prompts`), which the writes adding to it name (decision 0125). `null`: this answer is a
   * list answer after all (kept at most PUBLIC_CACHE_TTL_MS, emptied by every write).
   */
  entities?: (request: FastifyRequest, result: unknown) => readonly string[] | null;
}

/**
 * A member's own answer kept for them (decision 0137): the Following tab, their notifications.
 * Kept per member (and role) and URL until a write names one of its entities, any write that
 * names nothing (every member-changing write: a follow, a block, a mute, a rename), or
 * ENTITY_CACHE_TTL_MS; only the member it was computed for is answered with it.
 */
export interface MemberAnswerConfig {
  /** How long an answer is kept at most, whatever names it (default ENTITY_CACHE_TTL_MS). */
  ttlMs?: number;
  /** Whether this member's request is one kept (from the request alone: no promise). */
  applies?: (request: FastifyRequest) => boolean;
  /**
   * Everything whose change changes this member's answer (`post:12`, `user:7` for a member whose
   * new posts it would show, `notifications:7`), from the request and the handler's result;
   * null: this answer is not kept. May wait (the member's follows, read once per member).
   */
  entities: (
    request: FastifyRequest,
    result: unknown,
  ) => readonly string[] | null | Promise<readonly string[] | null>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    publicCache?: PublicCacheRouteConfig;
    memberAnswers?: MemberAnswerConfig;
  }
}

/** The TTL the opted-in public reads use: a visitor sees the site at most a second old. */
export const PUBLIC_CACHE_TTL_MS = 1_000;
export const MAX_TTL_MS = 2_000;
export const MAX_ENTRIES = 1_000;
export const MAX_BYTES = 32 * 1024 * 1024;
/**
 * Entity answers (a post page, a thread, its replies, a member's posts) and named lists: writes
 * that touch them drop them by name on every instance, background jobs announce theirs, and an
 * instance that lost its Redis subscription resets everything when it is back (decision 0126),
 * so they are kept until then; this is only how far behind what no one announces can be (a
 * post's view counter, the admin command).
 */
export const ENTITY_CACHE_TTL_MS = 300_000;
export const MAX_ENTITY_TTL_MS = 600_000;
export const MAX_ENTITY_ENTRIES = 20_000;
export const MAX_ENTITY_BYTES = 64 * 1024 * 1024;
/**
 * Collections named by the list answers that show them (decision 0125): a write that adds to or
 * takes from one names it (`config.touches`); every other write still empties everything.
 */
export const COLLECTIONS = {
  /** The model catalog's answers: directory, comparisons, a model's page, reviews, comments, versions. */
  models: "models",
  /** The prompt library's lists. */
  prompts: "prompts",
  /**
   * Global search's answers (decision 0126): ranked among the newest matching posts, so a new,
   * edited or deleted post can change any of them; a like or comment changes only those showing
   * the post (they name it). Members and prompts change only through writes that name nothing.
   */
  search: "search",
  /**
   * The Arena's public answers (boards, win rates, standings, head-to-head, agreement): stored by
   * its recompute, which announces `arena` (decision 0126); its model list is the catalog's.
   */
  arena: "arena",
} as const;

/** A route's visitors' answers kept as list answers: PUBLIC_CACHE_TTL_MS, emptied by every write. */
export function listAnswers(more: Omit<PublicCacheRouteConfig, "ttlMs" | "entities"> = {}): {
  config: { publicCache: PublicCacheRouteConfig };
} {
  return { config: { publicCache: { ttlMs: PUBLIC_CACHE_TTL_MS, ...more } } };
}

/** A route's answers kept as entity answers named by `entities` (decisions 0119 and 0125). */
export function namedAnswers(
  entities: NonNullable<PublicCacheRouteConfig["entities"]>,
  more: Omit<PublicCacheRouteConfig, "ttlMs" | "entities"> = {},
): { config: { publicCache: PublicCacheRouteConfig } } {
  return { config: { publicCache: { ttlMs: ENTITY_CACHE_TTL_MS, entities, ...more } } };
}

/**
 * Members' own answers (decision 0137), kept compressed: 5,000 members' Following pages take
 * ~38 MB counted with what each names (~25 entities: ENTRY_OVERHEAD_BYTES, NAMED_ENTITY_BYTES).
 */
export const MAX_MEMBER_ENTRIES = 20_000;
export const MAX_MEMBER_BYTES = 40 * 1024 * 1024;

/** Named writes remembered for computations still running (older ones: not stored). */
const TOUCH_LOG = 512;
export const MAX_ENTRY_BYTES = 1024 * 1024;
const MAX_URL_LENGTH = 1_024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const EMPTY = Buffer.alloc(0);

interface Entry {
  /**
   * The answer's bytes (UTF-8) when it is too small to be compressed (`COMPRESS_THRESHOLD`), else
   * empty: counted at their size and written as they are (no encoding per hit). Held as the
   * serialised string, an answer was counted at two bytes a character (decision 0127).
   */
  payload: Buffer;
  contentType: string;
  at: number;
  ttlMs: number;
  bytes: number;
  /** An entity answer's entities; null for a list answer (emptied by every write). */
  entities: readonly string[] | null;
  /**
   * The answer gzipped from `encoded`, once a client took gzip but not brotli (a crawler, a link
   * preview, an older client): kept with it for the next such client.
   */
  gzip?: Buffer;
  /**
   * The answer compressed: an API answer's or a page's as brotli, made once (decisions 0139 and
   * 0140: a fifth to a tenth of the memory of its bytes, and what browsers take); a member's
   * (decision 0137) as it was sent to them, as their request took it. Its payload is then empty;
   * sent as it is to every request that takes the same.
   */
  encoded?: EncodedText;
  /** A page's reads' side effects, run again for each visitor it is served to. */
  onHits?: readonly PageHit[];
}

/**
 * What keeping an answer costs beside its bytes, measured on the heap (V8 in Node 20, 20,000
 * answers): its entry, its place in the LRU and its key, ~580 bytes; each entity it names, 100–210
 * bytes (its name, its place in the entry's list and, then, in an index of answers by entity that
 * is gone since: the figure is kept as a bound). Counted
 * with the bytes, so that a cache's budget is the memory it holds: counting only the bytes, the
 * members' answers (a Following page names ~25 entities) held 38 MB on a 24 MB budget.
 */
export const ENTRY_OVERHEAD_BYTES = 512;
export const NAMED_ENTITY_BYTES = 160;

/**
 * An answer or a page kept under `key`: its forms (`payload` empty when only a compressed form is
 * kept), its content type, what it names, and the memory it holds (`bytes`: every form kept, the
 * key, the entry and each entity named).
 */
function entryOf(
  key: string,
  contentType: string,
  forms: Pick<Entry, "payload" | "gzip" | "encoded">,
  kept: Pick<Entry, "at" | "ttlMs" | "entities" | "onHits">,
): Entry {
  const bytes =
    forms.payload.length +
    (forms.gzip?.length ?? 0) +
    (forms.encoded?.bytes.length ?? 0) +
    key.length * 2 +
    ENTRY_OVERHEAD_BYTES +
    (kept.entities?.length ?? 0) * NAMED_ENTITY_BYTES;
  return { ...forms, contentType, ...kept, bytes };
}

/** An answer sent compressed: its coding named, and the answer said to vary with what a request takes. */
function encodedBody(reply: FastifyReply, encoded: EncodedText): Buffer {
  reply.header("vary", "accept-encoding").header("content-encoding", encoded.encoding);
  return encoded.bytes;
}

/** The content type a reply was sent with. */
const contentTypeOf = (reply: FastifyReply) =>
  String(reply.getHeader("content-type") ?? "application/json; charset=utf-8");

/** A server-rendered page as `page` is given it: only a 200 with its HTML is kept. */
export interface RenderedHtml {
  status: number;
  location?: string;
  html?: string;
}

/**
 * A page from `page`. Kept pages are kept as brotli (decision 0139: a tenth of the memory, and
 * what browsers take), gzipped for a client that takes only gzip, decoded for one that takes
 * neither.
 */
export interface PageAnswer {
  status: number;
  location?: string;
  hit: boolean;
  html(): string;
  /** The page as a request taking `acceptEncoding` gets it: brotli, else gzip; null: neither. */
  encodedFor(acceptEncoding: string | string[] | undefined): EncodedText | null;
}

/** What a page's render read through the cache (filled by its in-process API requests). */
interface PageReads {
  entities: Set<string>;
  /** Some answer was a list answer, or not cacheable: the page is a list answer. */
  list: boolean;
  /** Some answer failed (5xx, aborted): the page is not kept. */
  failed: boolean;
  /** When the oldest answer it read was computed. */
  oldest: number;
  /** The routes' `onHit` side effects (a view counted), replayed for each visitor served the page. */
  onHits: PageHit[];
}
interface PageHit {
  onHit: NonNullable<PublicCacheRouteConfig["onHit"]>;
  params: unknown;
  query: unknown;
}
const pageReads = new RenderScope<PageReads>();

/** An entry of a BoundedLru, linked in recency order. */
interface LruSlot<V> {
  readonly key: string;
  value: V;
  stamp: number;
  older: LruSlot<V> | null;
  newer: LruSlot<V> | null;
}

/**
 * A least-recently-used map bounded by entry count and by total bytes. A read moves its entry to
 * the newest end only when it is not already among the newest quarter: a hit on a popular answer
 * then costs one lookup and no relinking (2 % of the server's time under the public mix,
 * docs/performance.md), and what is evicted is still among the least recently used.
 *
 * Recency is a doubly linked list beside the lookup map, evicted from its oldest end. An earlier
 * version kept one iterator over the map as its eviction cursor (a fresh iterator skipped every
 * slot deleted at the front: 4.2 µs an insert at 5,000 entries); but a live iterator keeps every
 * table V8 outgrew or compacted since the iterator last moved, entries included: a cache that
 * rarely evicts (the shared rows, emptied by writes before they fill) held 134 MB of answers it
 * had long dropped after a minute of the signed-in mix (bench/results/2026-11-29.md).
 */
export class BoundedLru<V extends { bytes: number }> {
  private readonly map = new Map<string, LruSlot<V>>();
  private total = 0;
  /** Moves on every insert and every move to the newest end. */
  private tick = 0;
  private oldest: LruSlot<V> | null = null;
  private newest: LruSlot<V> | null = null;
  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    /** Told of every entry that leaves (replaced, evicted, deleted; not on clear). */
    private readonly onDrop?: (key: string, value: V) => void,
  ) {}

  get size(): number {
    return this.map.size;
  }
  get bytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const slot = this.map.get(key);
    if (slot === undefined) return undefined;
    if (this.tick - slot.stamp >= Math.max(1, this.map.size >> 2)) {
      this.unlink(slot);
      this.link(slot);
    }
    return slot.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    if (value.bytes > this.maxBytes) return;
    const slot: LruSlot<V> = { key, value, stamp: 0, older: null, newer: null };
    this.map.set(key, slot);
    this.link(slot);
    this.total += value.bytes;
    while ((this.map.size > this.maxEntries || this.total > this.maxBytes) && this.oldest) {
      this.delete(this.oldest.key);
    }
  }

  delete(key: string): void {
    const slot = this.map.get(key);
    if (slot === undefined) return;
    this.map.delete(key);
    this.unlink(slot);
    this.total -= slot.value.bytes;
    this.onDrop?.(key, slot.value);
  }

  clear(): void {
    this.map.clear();
    this.oldest = null;
    this.newest = null;
    this.total = 0;
  }

  /** Puts `slot` at the newest end, stamped now. */
  private link(slot: LruSlot<V>): void {
    slot.stamp = ++this.tick;
    slot.older = this.newest;
    slot.newer = null;
    if (this.newest) this.newest.newer = slot;
    else this.oldest = slot;
    this.newest = slot;
  }

  private unlink(slot: LruSlot<V>): void {
    if (slot.older) slot.older.newer = slot.newer;
    else this.oldest = slot.newer;
    if (slot.newer) slot.newer.older = slot.older;
    else this.newest = slot.older;
    slot.older = null;
    slot.newer = null;
  }
}

/**
 * Most entities remembered as dropped by a NamedLru: past it, the oldest is forgotten and every
 * answer kept before it was dropped counts as stale (a miss, never a stale answer).
 */
export const MAX_DROPPED_ENTITIES = 50_000;

/**
 * A BoundedLru of answers that name entities: a write drops what names what it touched. Checked
 * when read rather than indexed when kept: a drop notes each entity with the drop's number, and a
 * kept answer naming one dropped after it was kept is stale. Indexing each answer under the ~25
 * entities it names, kept in step on every store and eviction, was 12 % of the server's time on
 * the Following tab's first visits (docs/performance.md), for answers most of which are never
 * asked for again; the check is ~25 map reads on the answers that are.
 */
export class NamedLru<V extends { bytes: number; entities: readonly string[] | null }> {
  /** Each answer with the drop number when it was kept. */
  readonly lru: BoundedLru<{ value: V; keptAt: number; bytes: number }>;
  /** Moves on every drop. */
  private seq = 0;
  /** Entity → the drop that last named it. */
  private readonly dropped = new Map<string, number>();
  /**
   * Every drop's entities in drop order, from `head` on: an entity dropped again has an older
   * record here that no longer matches `dropped` (skipped when reached, and left out when the
   * queue is compacted). Evicting the oldest from the Map's own order (`entries().next()` after
   * deleting the previous oldest) walked V8's deleted slots at the table's front on every drop
   * once the memory was full: 14.6 % of the server's time under new posts.
   */
  private queue: Array<{ entity: string; at: number }> = [];
  private head = 0;
  /** Answers kept before this drop are stale (its entities were forgotten past `maxDropped`). */
  private floor = 0;
  constructor(
    maxEntries: number,
    maxBytes: number,
    private readonly maxDropped = MAX_DROPPED_ENTITIES,
  ) {
    this.lru = new BoundedLru(maxEntries, maxBytes);
  }
  get(key: string): V | undefined {
    const kept = this.lru.get(key);
    if (kept === undefined) return undefined;
    let stale = kept.keptAt < this.floor;
    for (const entity of kept.value.entities ?? []) {
      if (stale) break;
      stale = (this.dropped.get(entity) ?? -1) > kept.keptAt;
    }
    if (!stale) return kept.value;
    this.lru.delete(key);
    return undefined;
  }
  set(key: string, value: V): void {
    this.lru.set(key, { value, keptAt: this.seq, bytes: value.bytes });
  }
  delete(key: string): void {
    this.lru.delete(key);
  }
  /** Drops every answer naming one of `entities`. */
  dropNaming(entities: readonly string[]): void {
    this.seq += 1;
    for (const entity of entities) {
      this.dropped.set(entity, this.seq);
      this.queue.push({ entity, at: this.seq });
    }
    // The oldest drops are forgotten past the bound (what was kept before them: stale).
    while (this.dropped.size > this.maxDropped) {
      const record = this.queue[this.head++]!;
      if (this.dropped.get(record.entity) !== record.at) continue;
      this.dropped.delete(record.entity);
      this.floor = Math.max(this.floor, record.at);
    }
    // The queue is cut down to its current records once the records passed or outdated (of
    // entities dropped again since) are more than half of it.
    const waiting = this.queue.length - this.head;
    if (waiting > 2 * this.dropped.size + 64 || this.head > Math.max(64, waiting)) {
      this.queue = this.queue.slice(this.head).filter((r) => this.dropped.get(r.entity) === r.at);
      this.head = 0;
    }
  }
  clear(): void {
    this.lru.clear();
    this.dropped.clear();
    this.queue = [];
    this.head = 0;
  }
}

/** Whether something stored at `at` is younger than `ttlMs` at `now` (a clock moved back: not). */
export const isYounger = (at: number, now: number, ttlMs: number): boolean =>
  now - at >= 0 && now - at < ttlMs;

/** The cache key of a URL: path plus its query parameters sorted by name; null when too long. */
export function publicCacheKey(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return null;
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, q)}?${query}` : url.slice(0, q);
}

/** A member's request whose answer may be kept for them (decision 0137). */
interface MemberPending {
  key: string;
  config: MemberAnswerConfig;
  generation: number;
  touchSeq: number;
  startedAt: number;
  /** Its entities once the handler answered (null: not kept). */
  entities: readonly string[] | null;
}

/** Each app's way to forget the answers naming something (one per app context: tests run several). */
const namedForgetters = new WeakMap<object, (entities: readonly string[]) => void>();

/**
 * Forgets, on this instance, the answers naming one of `entities` (a member's notices changed:
 * `notificationsEntity` in entities.ts). Other instances are told by the change's own announcement.
 */
export function forgetNamedAnswers(ctx: object, entities: readonly string[]): void {
  namedForgetters.get(ctx)?.(entities);
}

interface Pending {
  key: string;
  /** `generation` and `listGeneration` when the computation began. */
  generation: number;
  listGeneration: number;
  /** The named writes seen when the computation began (see `touchedSince`). */
  touchSeq: number;
  startedAt: number;
  ttlMs: number;
  /** An entity answer: its entities once the handler answered (null: a list answer). */
  entities: readonly string[] | null;
  entityRoute: boolean;
  settle: (entry: Entry | null) => void;
}

export interface PublicCacheStats {
  hits: number;
  misses: number;
  stores: number;
  entries: number;
  bytes: number;
  /** Of which entity answers (decision 0119). */
  entityEntries: number;
  /** Members' own answers (decision 0137), apart. */
  memberEntries: number;
}

/**
 * Rows the same for every viewer, kept a second (`PUBLIC_CACHE_TTL_MS`) and emptied by every
 * write. With `named`, rows that only the writes naming what they show can change (a feed page
 * after a cursor: decision 0153) are kept as long as an entity answer instead, until a write
 * names one of the entities `named` gives for them (null: kept the second only).
 */
export type SharedReads = <T>(
  key: string,
  compute: () => Promise<T>,
  named?: (value: T) => NamedRows | null,
) => Promise<T>;

/** What kept rows name, and the memory they hold (counted against MAX_NAMED_SHARED_BYTES). */
export interface NamedRows {
  entities: readonly string[];
  bytes: number;
}

declare module "fastify" {
  interface FastifyInstance {
    publicCache: {
      stats(): PublicCacheStats;
      clear(): void;
      shared: SharedReads;
      page(
        request: FastifyRequest,
        render: () => Promise<RenderedHtml | undefined>,
      ): Promise<PageAnswer | undefined>;
    };
  }
}

/** Most shared row sets kept at once (a feed page each). */
export const MAX_SHARED_ENTRIES = 500;
/** Named row sets (decisions 0153, 0155): at most this many, holding at most this much. */
export const MAX_NAMED_SHARED_ENTRIES = 2_000;
export const MAX_NAMED_SHARED_BYTES = 48 * 1024 * 1024;

interface SharedEntry {
  value: Promise<unknown>;
  at: number;
  bytes: number;
}

interface NamedSharedEntry extends SharedEntry {
  entities: readonly string[];
}

export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  const ctx = app.ctx;
  // List answers: emptied by every write. Entity answers: dropped by the writes that name them.
  const entries = new BoundedLru<Entry>(MAX_ENTRIES, MAX_BYTES);
  const entityEntries = new NamedLru<Entry>(MAX_ENTITY_ENTRIES, MAX_ENTITY_BYTES);
  /** Members' own answers (decision 0137), keyed by member, role and URL. */
  const memberEntries = new NamedLru<Entry>(MAX_MEMBER_ENTRIES, MAX_MEMBER_BYTES);
  const memberPending = new WeakMap<FastifyRequest, MemberPending>();
  const inflight = new Map<string, Promise<Entry | null>>();
  const pending = new WeakMap<FastifyRequest, Pending>();
  /** Moves on every reset of everything. */
  let generation = 0;
  /** Moves on every write (list answers computed before it are not stored). */
  let listGeneration = 0;
  /** Named writes so far, and the entities of the last TOUCH_LOG of them. */
  let touchSeq = 0;
  const touchLog: Array<readonly string[]> = [];
  let hits = 0;
  let misses = 0;
  let stores = 0;

  const sharedEntries = new BoundedLru<SharedEntry>(MAX_SHARED_ENTRIES, MAX_SHARED_ENTRIES);
  const namedShared = new NamedLru<NamedSharedEntry>(MAX_NAMED_SHARED_ENTRIES, MAX_NAMED_SHARED_BYTES);

  const clear = () => {
    generation += 1;
    listGeneration += 1;
    entries.clear();
    entityEntries.clear();
    memberEntries.clear();
    sharedEntries.clear();
    namedShared.lru.clear();
  };
  /** A write that named what it touched: list answers and the named entities' answers go. */
  const drop = (touched: readonly string[]) => {
    listGeneration += 1;
    entries.clear();
    sharedEntries.clear();
    forgetNamed(touched);
  };
  /** The answers naming what changed go (and computations running across it are not stored). */
  const forgetNamed = (touched: readonly string[]) => {
    touchSeq += 1;
    touchLog.push(touched);
    if (touchLog.length > TOUCH_LOG) touchLog.shift();
    entityEntries.dropNaming(touched);
    memberEntries.dropNaming(touched);
    namedShared.dropNaming(touched);
  };
  namedForgetters.set(ctx, forgetNamed);
  app.onWrite((touched) => (touched ? drop(touched) : clear()), "content");

  /** Whether a named write since `seq` touched one of `entities` (unknown, too old: yes). */
  const touchedSince = (seq: number, entities: readonly string[]): boolean => {
    const missed = touchSeq - seq;
    if (missed === 0) return false;
    if (missed > touchLog.length) return true;
    const wanted = new Set(entities);
    for (let i = touchLog.length - missed; i < touchLog.length; i++) {
      if ((touchLog[i] ?? []).some((e) => wanted.has(e))) return true;
    }
    return false;
  };

  const shared: SharedReads = <T>(
    key: string,
    compute: () => Promise<T>,
    named?: (value: T) => NamedRows | null,
  ): Promise<T> => {
    const now = ctx.now().getTime();
    if (named) {
      const kept = namedShared.get(key);
      if (kept && isYounger(kept.at, now, ENTITY_CACHE_TTL_MS)) return kept.value as Promise<T>;
    }
    const entry = sharedEntries.get(key);
    if (entry && isYounger(entry.at, now, PUBLIC_CACHE_TTL_MS)) return entry.value as Promise<T>;
    // Adopted into a real promise: a Drizzle query is a lazy thenable that runs again on every
    // `then` (each waiter's await, and the `catch` below), which kept nothing and ran the Hot and
    // Top pages' query twice per request.
    const value = Promise.resolve(compute());
    // Kept from the start (single flight); a write empties the map, so a computation it overtook
    // is answered to its waiters but found by nobody after; a failure is not kept.
    sharedEntries.set(key, { value, at: now, bytes: 1 });
    value.catch(() => {
      if (sharedEntries.get(key)?.value === value) sharedEntries.delete(key);
    });
    if (named) {
      // Kept by name only when no write reset everything or named what the rows show while they
      // were read (the rows may be older than that write).
      const start = { generation, touchSeq };
      value.then(
        (rows) => {
          const described = named(rows);
          if (!described || start.generation !== generation) return;
          if (touchedSince(start.touchSeq, described.entities)) return;
          namedShared.set(key, { value, at: now, bytes: described.bytes, entities: described.entities });
        },
        () => {},
      );
    }
    return value;
  };

  /** Stores an answer in its LRU (an entity answer indexed by its entities). */
  const keep = (key: string, entry: Entry) => {
    if (entry.entities) {
      entries.delete(key);
      entityEntries.set(key, entry);
    } else {
      entityEntries.delete(key);
      entries.set(key, entry);
    }
  };

  /**
   * A kept answer (API answer, page, member's answer) as a request taking `accept` gets it: its
   * compressed form when the request takes that coding, else gzip made from it, else null (send
   * `plainOf`). A gzip made so is kept with the answer while it is still the one kept under `key`
   * (a write that dropped it meanwhile is not undone): a client that takes only gzip comes back,
   * and compressing a page per request costs about a millisecond.
   */
  const encodedOf = (
    key: string,
    entry: Entry,
    accept: string | string[] | undefined,
  ): EncodedText | null => {
    const { encoded } = entry;
    if (!encoded) return null;
    if (acceptsEncoding(accept, encoded.encoding)) return encoded;
    if (encoded.encoding !== "br" || !acceptsEncoding(accept, "gzip")) return null;
    if (entry.gzip) return { encoding: "gzip", bytes: entry.gzip };
    const gzip = ownGzip(decode(encoded));
    if ((entityEntries.get(key) ?? entries.get(key)) === entry) {
      keep(key, entryOf(key, entry.contentType, { payload: EMPTY, encoded, gzip }, entry));
    }
    return { encoding: "gzip", bytes: gzip };
  };
  /** A kept answer's bytes, for a request that takes none of its compressed forms. */
  const plainOf = (entry: Entry): Buffer => (entry.encoded ? decode(entry.encoded) : entry.payload);

  /**
   * Sends a kept answer as the request takes it (`encodedOf`); one kept compressed varies with
   * Accept-Encoding, whichever form the request gets. Decoded, it is compressed as this request
   * takes it (if at all) by the compression hook.
   */
  function sendKept(request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry): void {
    if (!entry.encoded) {
      reply.send(entry.payload);
      return;
    }
    const encoded = encodedOf(key, entry, request.headers["accept-encoding"]);
    if (encoded) reply.send(encodedBody(reply, encoded));
    else reply.header("vary", "accept-encoding").send(plainOf(entry));
  }

  /** Cache hits already noted in their page's reads (their onSend must not note them again). */
  const notedHits = new WeakSet<FastifyRequest>();
  /** Pages being rendered, with the side effects of their reads (replayed for those who waited). */
  const pageInflight = new Map<string, Promise<{ answer: PageAnswer; onHits: PageHit[] } | undefined>>();
  /** A kept page (its HTML as brotli in `encoded`) as a request gets it. */
  const pageOf = (key: string, entry: Entry, hit: boolean): PageAnswer => ({
    status: 200,
    hit,
    html: () => plainOf(entry).toString("utf8"),
    encodedFor: (accept) => encodedOf(key, entry, accept),
  });
  /**
   * A kept page served: its reads' side effects for this visitor, as if they had made them —
   * awaited, so that they are bounded by the requests in flight: fired and forgotten, a flood of
   * hits (a model page's view is a database write per new visitor) queued writes without bound
   * until the pool timed out (2026-11-27: 956 MB, then the server exited).
   */
  const replay = async (request: FastifyRequest, onHits: readonly PageHit[] = []) => {
    if (onHits.length === 0) return;
    await Promise.all(
      onHits.map((hit) => {
        const as = Object.assign(Object.create(request) as FastifyRequest, {
          params: hit.params,
          query: hit.query,
        });
        return Promise.resolve()
          .then(() => hit.onHit(as))
          .catch((err: unknown) => request.log.error({ err }, "public cache onHit failed (page)"));
      }),
    );
  };
  const page = async (
    request: FastifyRequest,
    render: () => Promise<RenderedHtml | undefined>,
  ): Promise<PageAnswer | undefined> => {
    const base = publicCacheKey(request.url);
    const uncached = (rendered: RenderedHtml): PageAnswer => {
      const html = rendered.html ?? "";
      // Not kept: compressed for each request it answers (the one that rendered it, and those
      // that waited for it).
      return {
        status: rendered.status,
        ...(rendered.location !== undefined ? { location: rendered.location } : {}),
        hit: false,
        html: () => html,
        encodedFor: (accept) => encodeFor(html, accept, "kept"),
      };
    };
    if (base === null) {
      const rendered = await render();
      return rendered && uncached(rendered);
    }
    const key = `page:${base}`;
    const now = ctx.now().getTime();
    const entry = entityEntries.get(key) ?? entries.get(key);
    if (fresh(entry, now) || (pageInflight.has(key) && staleUsable(entry, now))) {
      hits += 1;
      await replay(request, entry.onHits);
      return pageOf(key, entry, true);
    }
    const running = pageInflight.get(key);
    if (running) {
      const shared = await running;
      if (shared) {
        await replay(request, shared.onHits);
        return { ...shared.answer, hit: true };
      }
    }
    misses += 1;
    const computation = (async (): Promise<{ answer: PageAnswer; onHits: PageHit[] } | undefined> => {
      const start = { generation, listGeneration, touchSeq };
      const reads: PageReads = { entities: new Set(), list: false, failed: false, oldest: now, onHits: [] };
      const rendered = await pageReads.run(reads, render);
      if (!rendered) return undefined;
      const { onHits } = reads;
      const { html } = rendered;
      if (rendered.status !== 200 || rendered.location !== undefined || html === undefined || reads.failed) {
        return { answer: uncached(rendered), onHits };
      }
      const entities = reads.list ? null : [...reads.entities];
      const current = entities
        ? start.generation === generation && !touchedSince(start.touchSeq, entities)
        : start.listGeneration === listGeneration;
      if (!current) return { answer: uncached(rendered), onHits };
      const encoded = keptBrotli(html);
      const kept = entryOf(
        key,
        "text/html; charset=utf-8",
        { payload: EMPTY, encoded },
        { at: reads.oldest, ttlMs: entities ? ENTITY_CACHE_TTL_MS : PUBLIC_CACHE_TTL_MS, entities, onHits },
      );
      if (kept.bytes <= MAX_ENTRY_BYTES) {
        keep(key, kept);
        stores += 1;
      }
      return {
        answer: { ...pageOf(key, kept, false), html: () => html },
        onHits,
      };
    })();
    pageInflight.set(key, computation);
    try {
      return (await computation)?.answer;
    } finally {
      if (pageInflight.get(key) === computation) pageInflight.delete(key);
    }
  };

  app.decorate("publicCache", {
    stats: () => ({
      hits,
      misses,
      stores,
      entries: entries.size + entityEntries.lru.size,
      bytes: entries.bytes + entityEntries.lru.bytes,
      entityEntries: entityEntries.lru.size,
      memberEntries: memberEntries.lru.size,
    }),
    clear,
    shared,
    page,
  });

  const fresh = (entry: Entry | undefined, now: number): entry is Entry =>
    entry !== undefined && isYounger(entry.at, now, entry.ttlMs);
  /** Aged, but within a second TTL (at most MAX_TTL_MS more): good enough while it is recomputed. */
  const staleUsable = (entry: Entry | undefined, now: number): entry is Entry =>
    entry !== undefined && isYounger(entry.at, now, entry.ttlMs + Math.min(entry.ttlMs, MAX_TTL_MS));

  /** Answers from the cache, unless the route's onHit asks for a fresh computation. */
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    entry: Entry,
    config: PublicCacheRouteConfig,
  ): Promise<boolean> {
    if (config.onHit) {
      try {
        if ((await config.onHit(request)) === true) return false;
      } catch (err) {
        request.log.error({ err }, "public cache onHit failed");
      }
    }
    send(request, reply, key, entry);
    return true;
  }

  /** Sends a kept answer (a hit), noting what a page's render read. */
  function send(request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry): void {
    hits += 1;
    const reads = pageReads.get();
    if (reads) {
      notedHits.add(request);
      if (entry.entities) for (const entity of entry.entities) reads.entities.add(entity);
      else reads.list = true;
      reads.oldest = Math.min(reads.oldest, entry.at);
    }
    reply.header("content-type", entry.contentType).header("x-public-cache", "hit");
    sendKept(request, reply, key, entry);
  }

  /** The answer kept under `key` (a route with `entities` may answer a list answer too). */
  const keptEntry = (config: PublicCacheRouteConfig, key: string) =>
    config.entities ? (entityEntries.get(key) ?? entries.get(key)) : entries.get(key);

  // A callback hook: what is not the cache's (writes, members' requests) and a fresh hit cost no
  // promise and no microtask; the rest (a miss, an onHit, a wait for a running computation) awaits.
  app.addHook("onRequest", (request, reply, done) => {
    const routeConfig = request.routeOptions.config;
    const member = routeConfig.memberAnswers;
    if (member && request.user && request.method === "GET" && (!member.applies || member.applies(request))) {
      return memberLookup(request, reply, member, request.user, done);
    }
    const config = routeConfig.publicCache;
    if (!config || request.method !== "GET") return done();
    // Signed-out only (unless the route answers every viewer alike): any session cookie, valid
    // or not, goes the normal way.
    if (!config.anyViewer && (request.user || request.cookies[SESSION_COOKIE] !== undefined)) return done();
    const reads = pageReads.get();
    if (reads && config.onHit) {
      reads.onHits.push({ onHit: config.onHit, params: request.params, query: request.query });
    }
    const key = publicCacheKey(request.url);
    if (key === null) return done();
    // A fresh answer, when the route asks for nothing first (no skip, no onHit), is sent at once.
    if (!config.skip && !config.onHit) {
      const entry = keptEntry(config, key);
      if (fresh(entry, ctx.now().getTime())) return send(request, reply, key, entry); // the chain stops here
    }
    lookup(request, reply, config, key).then((served) => {
      if (!served) done();
    }, done);
  });

  /** A member's own answer: sent when kept and fresh, else their request may keep it. */
  function memberLookup(
    request: FastifyRequest,
    reply: FastifyReply,
    config: MemberAnswerConfig,
    user: { id: number; isAdmin: boolean },
    done: () => void,
  ): void {
    const url = publicCacheKey(request.url);
    if (url === null) {
      done();
      return;
    }
    const key = `${user.id}${user.isAdmin ? "a" : ""} ${url}`;
    const now = ctx.now().getTime();
    const entry = memberEntries.get(key);
    if (fresh(entry, now)) {
      hits += 1;
      reply.header("content-type", entry.contentType).header("x-member-cache", "hit");
      sendKept(request, reply, key, entry);
      return; // the chain stops here
    }
    misses += 1;
    memberPending.set(request, { key, config, generation, touchSeq, startedAt: now, entities: null });
    done();
  }

  /** Answers from the cache (true), or gets the request ready to store its answer (false). */
  async function lookup(
    request: FastifyRequest,
    reply: FastifyReply,
    config: PublicCacheRouteConfig,
    key: string,
  ): Promise<boolean> {
    if (config.skip && (await config.skip(request))) return false;
    const now = ctx.now().getTime();
    const entry = keptEntry(config, key);
    if (fresh(entry, now)) {
      if (await serve(request, reply, key, entry, config)) return true;
    } else {
      const running = inflight.get(key);
      // Stale while revalidating: while one request recomputes an answer that only aged (a
      // write empties the cache), the others get the previous one instead of waiting for it.
      if (running && staleUsable(entry, now)) {
        if (await serve(request, reply, key, entry, config)) return true;
      } else if (running) {
        const shared = await running;
        if (shared && (await serve(request, reply, key, shared, config))) return true;
        return false; // not storable, or the route wants this one fresh: compute it normally
      }
    }
    misses += 1;
    if (inflight.has(key)) return false;
    let settle: (entry: Entry | null) => void = () => {};
    const promise = new Promise<Entry | null>((resolve) => {
      settle = resolve;
    });
    inflight.set(key, promise);
    const entityRoute = config.entities !== undefined;
    const ttlMs = Math.max(0, Math.min(config.ttlMs, entityRoute ? MAX_ENTITY_TTL_MS : MAX_TTL_MS));
    pending.set(request, {
      key,
      generation,
      listGeneration,
      touchSeq,
      startedAt: now,
      ttlMs,
      entities: null,
      entityRoute,
      settle: (value) => {
        if (inflight.get(key) === promise) inflight.delete(key);
        settle(value);
      },
    });
    return false;
  }

  // The handler's result, before serialisation: what an entity answer shows.
  app.addHook("preSerialization", (request, _reply, payload, done) => {
    const mp = memberPending.get(request);
    if (mp) {
      Promise.resolve()
        .then(() => mp.config.entities(request, payload))
        .then(
          (entities) => {
            mp.entities = entities;
          },
          (err: unknown) => request.log.error({ err }, "member answer entities failed"),
        )
        .finally(() => done(null, payload));
      return;
    }
    const p = pending.get(request);
    const entities = request.routeOptions.config.publicCache?.entities;
    if (p?.entityRoute && entities) {
      try {
        p.entities = entities(request, payload);
      } catch (err) {
        request.log.error({ err }, "public cache entities failed");
      }
    }
    done(null, payload);
  });

  // App-level onSend: runs before the per-route compression hook, so the payload is plain JSON.
  app.addHook("onSend", (request, reply, payload, done) => {
    const mp = memberPending.get(request);
    if (mp) {
      memberPending.delete(request);
      return done(null, keepMemberAnswer(request, reply, payload, mp));
    }
    done(null, keepAnswer(request, reply, payload));
  });

  /**
   * Keeps a public answer when its computation is still current, and answers the request with
   * what was kept: compressed once here (decision 0140), sent so to a request that takes brotli
   * (the compression hook, which leaves an encoded answer alone, compresses it for the others).
   */
  function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    if (!SAFE_METHODS.has(request.method)) return payload; // writes: write-sync empties the cache
    const p = pending.get(request);
    const reads = pageReads.get();
    if (reads && !notedHits.has(request)) {
      if (reply.statusCode >= 500) reads.failed = true;
      if (p?.entityRoute && p.entities !== null) for (const entity of p.entities) reads.entities.add(entity);
      else reads.list = true;
    }
    if (!p) return payload;
    pending.delete(request);
    let entry: Entry | null = null;
    // An entity route whose `entities` said null (or failed) answered a list answer.
    const named = p.entityRoute ? p.entities : null;
    const current = named
      ? p.generation === generation && !touchedSince(p.touchSeq, named)
      : p.listGeneration === listGeneration;
    const body =
      reply.statusCode === 200 && typeof payload === "string" && current && !reply.hasHeader("set-cookie")
        ? ownBytes(payload)
        : null;
    if (body && body.length <= MAX_ENTRY_BYTES) {
      const encoded = body.length >= COMPRESS_THRESHOLD ? keptBrotli(body) : undefined;
      entry = entryOf(
        p.key,
        contentTypeOf(reply),
        encoded ? { payload: EMPTY, encoded } : { payload: body },
        {
          at: p.startedAt, // the answer is as old as the moment its computation began
          ttlMs: named ? p.ttlMs : Math.min(p.ttlMs, p.entityRoute ? PUBLIC_CACHE_TTL_MS : MAX_TTL_MS),
          entities: named,
        },
      );
      keep(p.key, entry);
      stores += 1;
    }
    p.settle(entry);
    const encoded = entry?.encoded;
    if (!encoded || !acceptsEncoding(request.headers["accept-encoding"], encoded.encoding)) return payload;
    return encodedBody(reply, encoded);
  }

  /**
   * A member's answer kept for them when nothing it names changed while it was computed. It is
   * compressed here, once, as their request takes it (what the compression hook, which then
   * leaves it alone, would have done), sent so and kept so: compressed again for keeping, a
   * kept answer that is never asked for again (most of a member's pages after a cursor) cost
   * twice the compression (decision 0137).
   */
  function keepMemberAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    mp: MemberPending,
  ): unknown {
    const { entities } = mp;
    if (reply.statusCode !== 200 || typeof payload !== "string" || entities === null) return payload;
    if (mp.generation !== generation || touchedSince(mp.touchSeq, entities)) return payload;
    const body = ownBytes(payload);
    if (body.length > MAX_ENTRY_BYTES) return payload;
    const encoded =
      body.length >= COMPRESS_THRESHOLD ? encodeFor(body, request.headers["accept-encoding"]) : null;
    memberEntries.set(
      mp.key,
      entryOf(mp.key, contentTypeOf(reply), encoded ? { payload: EMPTY, encoded } : { payload: body }, {
        at: mp.startedAt,
        ttlMs: Math.min(mp.config.ttlMs ?? ENTITY_CACHE_TTL_MS, MAX_ENTITY_TTL_MS),
        entities,
      }),
    );
    stores += 1;
    return encoded ? encodedBody(reply, encoded) : payload;
  }

  // A request that ended without onSend (aborted, failed) releases its waiters.
  const release = (request: FastifyRequest) => {
    const p = pending.get(request);
    if (!p) return;
    pending.delete(request);
    p.settle(null);
  };
  app.addHook("onResponse", (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook("onRequestAbort", (request, done) => {
    const reads = pageReads.get();
    if (reads) reads.failed = true;
    release(request);
    done();
  });
});
