import { EXPORT_PARTS } from '@portico/contracts';
import { strToU8, type Zippable, zip } from 'fflate';
import type { ExportPart } from '../../modules/events/index.js';
import { type ArchiveMeta, renderArchivePage } from './html.js';

/** What the archive says about itself: data.json's `format`, so a reader knows what it holds. */
export const ARCHIVE_FORMAT = 'portico-data-export/1';

/** Already-compressed files (images, PDFs, Office documents) are stored as they are. */
const STORED = /\.(jpe?g|png|webp|gif|pdf|docx?|zip)$/i;

/**
 * The archive (issue 32 point 3): data.json with every part under its name, index.html reading
 * the same in the person's language, and each part's files under files/. A part given twice or
 * a name outside EXPORT_PARTS is a programming error.
 */
export async function packArchive(parts: ExportPart[], meta: ArchiveMeta): Promise<Buffer> {
  const byName = new Map<string, ExportPart>();
  for (const part of parts) {
    if (!(EXPORT_PARTS as readonly string[]).includes(part.name)) throw new Error(`unknown export part ${part.name}`);
    if (byName.has(part.name)) throw new Error(`export part ${part.name} given twice`);
    byName.set(part.name, part);
  }
  const ordered = EXPORT_PARTS.flatMap((name) => byName.get(name) ?? []);
  const entries: Zippable = {};
  const files: Record<string, string[]> = {};
  for (const part of ordered) {
    for (const file of part.files ?? []) {
      const data = await file.read();
      // A file its store no longer has (removed by hand, a lost disk) is left out, not the archive.
      if (!data) continue;
      const path = `files/${file.path}`;
      entries[path] = [new Uint8Array(data), { level: STORED.test(path) ? 0 : 6 }];
      files[part.name] = [...(files[part.name] ?? []), path];
    }
  }
  const json = {
    format: ARCHIVE_FORMAT,
    madeAt: meta.madeAt.toISOString(),
    userId: meta.userId,
    parts: Object.fromEntries(ordered.map((part) => [part.name, part.data])),
  };
  entries['data.json'] = strToU8(JSON.stringify(json, null, 2));
  entries['index.html'] = strToU8(renderArchivePage(ordered, files, meta));
  // fflate's asynchronous zip compresses off the main thread: a large account does not stall the
  // requests this copy serves meanwhile.
  const bytes = await new Promise<Uint8Array>((resolve, reject) =>
    zip(entries, { mtime: meta.madeAt }, (err, data) => (err ? reject(err) : resolve(data))),
  );
  return Buffer.from(bytes);
}
