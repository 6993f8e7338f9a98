import zlib from "node:zlib";

/**
 * Compression made once or cheaply (decision 0132): what a request takes, bytes kept in memory of
 * their own, a text compressed once for the many requests answered with it, and how API answers
 * are compressed per request.
 */

/**
 * Whether a request's Accept-Encoding takes a coding (named, or `*`, without `q=0`): answers kept
 * compressed are then sent as they are.
 */
export function acceptsEncoding(header: string | string[] | undefined, coding: "gzip" | "br"): boolean {
  for (const part of String(header ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    if (name !== coding && name !== "*") continue;
    const q = params.find((p) => p.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** A text compressed with one coding (`Content-Encoding`). */
export interface EncodedText {
  encoding: "br" | "gzip";
  bytes: Buffer;
}

/**
 * A text's UTF-8 bytes in memory of their own. `Buffer.from` puts a text under 4 KB into a slice
 * of Node's shared 8 KB pool, and a slice kept alive keeps its whole slab: a cache of thousands of
 * small answers held several times their size (external memory 65–139 MB under the mixes for
 * 96 MB of cache bounds, docs/performance.md).
 */
export function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, "utf8"));
  bytes.write(text, "utf8");
  return bytes;
}

/**
 * Gzipped, in memory of its own: zlib answers a slice of its 16 KB output buffer, and a kept
 * 6 KB page would keep all 16 KB.
 */
export function ownGzip(data: string | Buffer): Buffer {
  return ownCopy(zlib.gzipSync(data));
}

function ownCopy(bytes: Buffer): Buffer {
  if (bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/**
 * How a kept answer is compressed (decisions 0139, 0140): brotli at quality 5, once per answer,
 * then sent on every hit. A 95 kB thread page: 8.1 kB in 1 ms, against gzip's 11 kB (quality 4:
 * 9.0 kB, 11: 7.1 kB in 55 ms); a page is rendered in 10–40 ms and an API answer computed in a
 * millisecond or more, so the compression adds little to a miss.
 */
const KEPT_ANSWER_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** Brotli as the plugin compresses files (quality 4): for texts compressed once and sent many times. */
const KEPT_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/** Sends after which a kept text is compressed again at KEPT_BROTLI's quality. */
export const KEPT_UPGRADE_USES = 16;

/**
 * A text many requests are answered with (a feed page as every member who liked none of it and
 * wrote none of it sees it), compressed once per coding on first use and kept with it (decision
 * 0132): brotli when the request takes it, else gzip; null (compressed per request, or not at
 * all) when it takes neither or the text is under the compression threshold. Brotli is made at
 * the API's quality 1 first, and at quality 4 once the text has been sent KEPT_UPGRADE_USES
 * times: most texts (a feed page after a cursor, kept a second) are sent a few times, where
 * quality 4 cost 2.7 times quality 1 (decision 0137), and a popular one then travels smaller.
 */
export class KeptEncodings {
  private br?: Buffer;
  private brUses = 0;
  private gzip?: Buffer;
  private readonly small: boolean;
  constructor(readonly text: string) {
    this.small = Buffer.byteLength(text, "utf8") < COMPRESS_THRESHOLD;
  }
  for(acceptEncoding: string | string[] | undefined): EncodedText | null {
    if (this.small) return null;
    if (acceptsEncoding(acceptEncoding, "br")) {
      this.brUses += 1;
      if (this.br === undefined) this.br = ownCopy(zlib.brotliCompressSync(this.text, API_BROTLI));
      else if (this.brUses === KEPT_UPGRADE_USES)
        this.br = ownCopy(zlib.brotliCompressSync(this.text, KEPT_BROTLI));
      return { encoding: "br", bytes: this.br };
    }
    if (acceptsEncoding(acceptEncoding, "gzip")) {
      this.gzip ??= ownGzip(this.text);
      return { encoding: "gzip", bytes: this.gzip };
    }
    return null;
  }
}

/**
 * A text compressed once as a request takes it (brotli, else gzip), in memory of its own; null when
 * it takes neither. Brotli at the API's per-request quality (a member's kept answer, decision
 * 0137), or at a kept answer's (`"kept"`: an answer or page many requests are sent, decision 0140).
 */
export function encodeFor(
  text: string | Buffer,
  acceptEncoding: string | string[] | undefined,
  quality: "per-request" | "kept" = "per-request",
): EncodedText | null {
  if (acceptsEncoding(acceptEncoding, "br")) {
    if (quality === "kept") return keptBrotli(text);
    return { encoding: "br", bytes: ownCopy(zlib.brotliCompressSync(text, API_BROTLI)) };
  }
  if (acceptsEncoding(acceptEncoding, "gzip")) return { encoding: "gzip", bytes: ownGzip(text) };
  return null;
}

/** A text kept for many requests, as brotli at `KEPT_ANSWER_BROTLI`'s quality, in memory of its own. */
export function keptBrotli(text: string | Buffer): EncodedText {
  return { encoding: "br", bytes: ownCopy(zlib.brotliCompressSync(text, KEPT_ANSWER_BROTLI)) };
}

/** An encoded text back to its bytes. */
export function decode(encoded: EncodedText): Buffer {
  return encoded.encoding === "br"
    ? zlib.brotliDecompressSync(encoded.bytes)
    : zlib.gunzipSync(encoded.bytes);
}

/** Answers smaller than this are sent uncompressed (@fastify/compress's threshold, app.ts). */
export const COMPRESS_THRESHOLD = 1024;
/**
 * How API answers are compressed on each request (decision 0132): brotli at quality 1, in one
 * synchronous call up to 512 KB (an API answer is far smaller; above, a stream).
 */
const API_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
export const API_COMPRESSION = {
  brotliOptions: API_BROTLI,
  syncThreshold: 512 * 1024,
};
