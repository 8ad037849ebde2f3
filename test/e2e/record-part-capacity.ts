import { createSecretKey } from "node:crypto";
import { RECORD_ROOM } from "../../src/action/github/check-run.ts";
import {
  recordSigning,
  writeRecordBlocks,
} from "../../src/action/incremental/review-record-block.ts";
import { largeRecord } from "../pipeline/review-record-fixture.ts";

const SIGNING = recordSigning(createSecretKey(Buffer.alloc(32, 7)), "0".repeat(40));

const partsFor = (count: number) =>
  writeRecordBlocks(largeRecord(count), RECORD_ROOM, SIGNING).blocks.length;

/**
 * The most file versions the first part of a review record holds (the check run's own text),
 * measured as the Action writes it (`writeRecordBlocks` in `RECORD_ROOM`) on a record of
 * git-blob ids and asset ids as random as real ones: one file more continues the record in a
 * companion check run. About 1,100.
 */
export function recordPartCapacity(): number {
  let fits = 0;
  let step = 1;
  while (partsFor(fits + step) === 1) {
    fits += step;
    step *= 2;
  }
  for (; step >= 1; step = Math.floor(step / 2)) if (partsFor(fits + step) === 1) fits += step;
  return fits;
}
