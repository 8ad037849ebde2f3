// @ts-nocheck
import type { FileHandle } from "node:fs/promises";

/**
 * Duration in seconds from the `moov/mvhd` box of an MP4 or QuickTime file, read box by box
 * from the handle so a 5 GB file is never loaded. Undefined when there is no readable mvhd.
 */
export async function quicktimeDuration(
  file: FileHandle,
  size: number,
): Promise<number | undefined> {
  const moov = await findBox(file, 0, size, "moov");
  if (!moov) return undefined;
  const mvhd = await findBox(file, moov.bodyStart, moov.end, "mvhd");
  if (!mvhd) return undefined;
  const body = Buffer.alloc(Math.min(32, mvhd.end - mvhd.bodyStart));
  await file.read(body, 0, body.length, mvhd.bodyStart);
  const version = body[0];
  if (version === 1 && body.length >= 32) {
    const timescale = body.readUInt32BE(20);
    const duration = Number(body.readBigUInt64BE(24));
    return timescale > 0 ? duration / timescale : undefined;
  }
  if (body.length >= 20) {
    const timescale = body.readUInt32BE(12);
    const duration = body.readUInt32BE(16);
    return timescale > 0 ? duration / timescale : undefined;
  }
  return undefined;
}

async function findBox(
  file: FileHandle,
  start: number,
  end: number,
  type: string,
): Promise<{ bodyStart: number; end: number } | undefined> {
  const header = Buffer.alloc(16);
  let offset = start;
  while (offset + 8 <= end) {
    const { bytesRead } = await file.read(header, 0, 16, offset);
    if (bytesRead < 8) return undefined;
    let boxSize = header.readUInt32BE(0);
    const boxType = header.toString("latin1", 4, 8);
    let headerSize = 8;
    if (boxSize === 1) {
      if (bytesRead < 16) return undefined;
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = end - offset;
    }
    if (boxSize < headerSize) return undefined;
    if (boxType === type)
      return { bodyStart: offset + headerSize, end: Math.min(offset + boxSize, end) };
    offset += boxSize;
  }
  return undefined;
}
