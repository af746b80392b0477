import { MIME_BY_EXTENSION } from '../images/index.js';

const DOCUMENT_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  // A data archive (server/src/features/data-export); uploads never get this extension.
  zip: 'application/zip',
};

/** The content type a private file is served with, by its stored extension; documents download rather than open. */
export const privateFileType = (name: string): { mime: string; download: boolean } | undefined => {
  const extension = name.split('.').pop() ?? '';
  const image = MIME_BY_EXTENSION[extension];
  if (image) return { mime: image, download: false };
  const document = DOCUMENT_MIME[extension];
  return document ? { mime: document, download: true } : undefined;
};

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * A certificate's type by its bytes (spec account §9: doc, docx, pdf), never by its name: a PDF
 * header, an OLE compound file (Word 97-2003), or a ZIP holding a Word document's parts.
 */
export function documentTypeOf(data: Buffer): { extension: 'pdf' | 'doc' | 'docx' } | undefined {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { extension: 'pdf' };
  if (data.length >= 8 && data.subarray(0, 8).equals(OLE)) return { extension: 'doc' };
  if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) {
    // A ZIP's entry names are stored as written: a Word document has these two.
    const names = data.toString('latin1');
    if (names.includes('[Content_Types].xml') && names.includes('word/')) return { extension: 'docx' };
  }
  return undefined;
}
