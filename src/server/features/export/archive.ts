import fs from "node:fs/promises";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** One entry of the ZIP: text or bytes, compressed unless it already is (images). */
export interface ArchiveEntry {
  name: string;
  data: Uint8Array;
  compress: boolean;
}

/**
 * Writes a ZIP to `file` with fflate's streaming Zip: entries are compressed one at a time and
 * the chunks appended in order, so the archive never needs a second copy in memory.
 */
export async function writeZip(file: string, entries: Iterable<ArchiveEntry>, mtime: Date): Promise<number> {
  const handle = await fs.open(file, "wx", 0o600);
  let size = 0;
  let writing: Promise<unknown> = Promise.resolve();
  try {
    await new Promise<void>((resolve, reject) => {
      const zip = new Zip((err, chunk, final) => {
        if (err) return reject(err);
        size += chunk.length;
        writing = writing.then(() => handle.write(chunk));
        if (final) writing.then(() => resolve(), reject);
      });
      for (const entry of entries) {
        const part = entry.compress
          ? new ZipDeflate(entry.name, { level: 6 })
          : new ZipPassThrough(entry.name);
        part.mtime = mtime;
        zip.add(part);
        part.push(entry.data, true);
      }
      zip.end();
    });
  } finally {
    await writing.catch(() => {});
    await handle.close();
  }
  return size;
}
