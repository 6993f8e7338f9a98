import fs from "node:fs/promises";
import { lazy } from "../../platform/lazy";

/** The ZIP writer, loaded at the first export. */
const fflate = lazy<typeof import("fflate")>("fflate");

/** One entry of the ZIP: text or bytes, compressed unless it already is (images). */
export interface ArchiveEntry {
  name: string;
  data: Uint8Array;
  compress: boolean;
}

/**
 * Writes a ZIP to `file` (created, never overwritten) with fflate's streaming Zip, and answers
 * its size. fflate hands the archive over in many small chunks: they are written in one go
 * (writev) rather than one write each, which under load costs a trip through the thread pool apiece.
 */
export async function writeZip(file: string, entries: Iterable<ArchiveEntry>, mtime: Date): Promise<number> {
  const chunks: Uint8Array[] = [];
  await new Promise<void>((resolve, reject) => {
    const zip = new (fflate().Zip)((err, chunk, final) => {
      if (err) return reject(err);
      chunks.push(chunk);
      if (final) resolve();
    });
    for (const entry of entries) {
      const part = entry.compress
        ? new (fflate().ZipDeflate)(entry.name, { level: 6 })
        : new (fflate().ZipPassThrough)(entry.name);
      part.mtime = mtime;
      zip.add(part);
      part.push(entry.data, true);
    }
    zip.end();
  });
  const handle = await fs.open(file, "wx", 0o600);
  try {
    let size = 0;
    for (const c of chunks) size += c.length;
    // writev takes at most IOV_MAX (1024) buffers per call.
    for (let i = 0; i < chunks.length; i += 1024) await handle.writev(chunks.slice(i, i + 1024));
    return size;
  } finally {
    await handle.close();
  }
}
