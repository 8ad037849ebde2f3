import { spawn } from "node:child_process";
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { CONNECT_TIMEOUT_CODE, requestOverHttp } from "../../src/api/request-over-http.ts";

/**
 * A port whose connections never open: a listener with a backlog of 0 that never accepts (Node's
 * servers always accept, so python3 holds it), its queue filled by one connection. Further SYNs
 * are dropped, as a black-holed host drops them.
 */
async function withBlackHole<T>(fn: (port: number) => Promise<T>): Promise<T> {
  const holder = spawn(
    "python3",
    [
      "-c",
      'import socket,sys\ns=socket.socket();s.bind(("127.0.0.1",0));s.listen(0);print(s.getsockname()[1],flush=True);sys.stdin.read()',
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const filler: Socket[] = [];
  try {
    const port = await new Promise<number>((resolve, reject) => {
      holder.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
      holder.once("error", reject);
    });
    const first = connect(port, "127.0.0.1");
    filler.push(first);
    await new Promise((resolve) => first.once("connect", resolve));
    return await fn(port);
  } finally {
    for (const s of filler) s.destroy();
    holder.stdin.end();
    holder.kill();
  }
}

describe("requestOverHttp", () => {
  it("a connection that never opens fails with the connect-timeout code (known unsent), long before the request's deadline", async () => {
    await withBlackHole(async (port) => {
      const deadline = new AbortController();
      const error = await requestOverHttp({
        url: new URL(`http://127.0.0.1:${port}/api/submissions`),
        method: "POST",
        headers: {},
        body: "{}",
        signal: deadline.signal,
        connectTimeoutMs: 200,
      }).catch((e: unknown) => e);
      deadline.abort();
      expect((error as { code?: string }).code).toBe(CONNECT_TIMEOUT_CODE);
      expect(deadline.signal.aborted).toBe(true);
    });
  });
});
