// @ts-nocheck
import { extractText, getDocumentProxy } from "unpdf";

/** Page count and the text of each page; throws when the bytes are not a readable PDF. */
export async function readPdf(bytes: Buffer): Promise<{ pages: number; text: string[] }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    return { pages: totalPages, text };
  } finally {
    await pdf.destroy();
  }
}
