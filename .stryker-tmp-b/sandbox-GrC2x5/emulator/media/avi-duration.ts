/**
 * Duration in seconds from the `avih` main header of an AVI file (microseconds per frame times
 * total frames), read from the first bytes; undefined when there is no usable header.
 */
// @ts-nocheck

export function aviDuration(head: Buffer): number | undefined {
  if (head.toString("latin1", 0, 4) !== "RIFF" || head.toString("latin1", 8, 12) !== "AVI ")
    return undefined;
  const at = head.indexOf("avih", 12, "latin1");
  if (at < 0 || at + 8 + 20 > head.length) return undefined;
  const microSecondsPerFrame = head.readUInt32LE(at + 8);
  const totalFrames = head.readUInt32LE(at + 8 + 16);
  if (microSecondsPerFrame === 0) return undefined;
  return (microSecondsPerFrame * totalFrames) / 1_000_000;
}
