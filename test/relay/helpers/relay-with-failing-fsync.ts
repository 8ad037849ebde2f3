// The relay's own entry point (`main`), with a disk whose fsync fails: the Nth fdatasync of the
// journal (FAIL_FSYNC_AT, default 1) reports EIO, as a failing disk would after COMMIT.
import { fdatasync } from "node:fs";
import { main } from "../../../relay/bin.ts";

const failAt = Number(process.env["FAIL_FSYNC_AT"] ?? "1");
let calls = 0;

await main(process.env, {
  fdatasync: (fd, callback) => {
    calls += 1;
    if (calls === failAt) {
      callback(Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO", errno: -5 }));
      return;
    }
    fdatasync(fd, callback);
  },
});
