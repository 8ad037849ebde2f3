/** Width and height from an image header (PNG, GIF, JPEG, WebP, SVG), or undefined. */
// @ts-nocheck

export function imageDimensions(
  mimeType: string,
  b: Buffer,
): { width: number; height: number } | undefined {
  switch (mimeType) {
    case "image/png":
      return b.length >= 24 ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : undefined;
    case "image/gif":
      return b.length >= 10 ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) } : undefined;
    case "image/jpeg":
      return jpegDimensions(b);
    case "image/webp":
      return webpDimensions(b);
    case "image/svg+xml":
      return svgDimensions(b.toString("utf8"));
    default:
      return undefined;
  }
}

function jpegDimensions(b: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return undefined;
    const marker = b[offset + 1]!;
    const length = b.readUInt16BE(offset + 2);
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

function webpDimensions(b: Buffer): { width: number; height: number } | undefined {
  const chunk = b.subarray(12, 16).toString("latin1");
  if (chunk === "VP8X" && b.length >= 30) {
    return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  }
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 " && b.length >= 30) {
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  return undefined;
}

function svgDimensions(text: string): { width: number; height: number } | undefined {
  const tag = /<svg[^>]*>/i.exec(text)?.[0];
  if (!tag) return undefined;
  const width = /\bwidth="(\d+(?:\.\d+)?)(?:px)?"/.exec(tag)?.[1];
  const height = /\bheight="(\d+(?:\.\d+)?)(?:px)?"/.exec(tag)?.[1];
  if (width && height) return { width: Number(width), height: Number(height) };
  const box = /\bviewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(tag);
  return box ? { width: Number(box[1]), height: Number(box[2]) } : undefined;
}
