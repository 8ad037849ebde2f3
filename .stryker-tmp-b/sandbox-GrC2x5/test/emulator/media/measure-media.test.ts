// @ts-nocheck
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureMedia } from "../../../emulator/media/measure-media.ts";
import { makeAvi, makeMp4, makePdf, makePng, makeWav } from "../../fixtures/media/make-media.ts";

describe("measureMedia", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "measure-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const measure = async (name: string, type: string, bytes: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return measureMedia(path, type, bytes.length);
  };

  it.each([
    ["a.mp4", "video/mp4", () => makeMp4(90.5), { name: "durationSeconds", value: 90.5 }, 20],
    [
      "a.mov",
      "video/quicktime",
      () => makeMp4(12, "qt  "),
      { name: "durationSeconds", value: 12 },
      10,
    ],
    ["a.avi", "video/x-msvideo", () => makeAvi(130), { name: "durationSeconds", value: 130 }, 30],
    ["a.wav", "audio/wav", () => makeWav(2.5), { name: "durationSeconds", value: 2.5 }, 2],
    ["a.png", "image/png", () => makePng(640, 480), { name: "images", value: 1 }, 3],
    ["a.txt", "text/plain", () => Buffer.alloc(25_000, 0x61), { name: "bytes", value: 25_000 }, 3],
  ])("%s is priced by its metric", async (name, type, make, metric, credits) => {
    const { measurement } = await measure(name, type, make());
    expect(measurement).toMatchObject({ priceable: true, metric, credits });
  });

  it("reads PDF page count and text", async () => {
    const { measurement, pages } = await measure(
      "a.pdf",
      "application/pdf",
      await makePdf(["one", "two", "three"]),
    );
    expect(measurement).toMatchObject({
      priceable: true,
      metric: { name: "pages", value: 3 },
      credits: 3,
    });
    expect(pages).toEqual(["one", "two", "three"]);
  });

  it.each([
    ["bad.pdf", "application/pdf", Buffer.from("%PDF-1.4 nope")],
    ["bad.mp4", "video/mp4", Buffer.from("\0\0\0\u0010ftypisom\0\0\0\0")],
    ["bad.png", "image/png", Buffer.from("png?")],
  ])("%s is unpriced", async (name, type, bytes) => {
    const { measurement } = await measure(name, type, bytes);
    expect(measurement).toMatchObject({ priceable: false, credits: 0, metric: null });
  });
});
