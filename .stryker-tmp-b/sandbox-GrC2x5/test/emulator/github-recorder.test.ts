// @ts-nocheck
import { Octokit } from "@octokit/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorHandle, startEmulator } from "../../emulator/index.ts";
import { checkAgainstOpenApi } from "../fakes/github/github-openapi.ts";

const SHA = "3f".repeat(20);

describe("the emulator's recording GitHub REST API (emulator/github)", () => {
  let emu: EmulatorHandle;
  /** Every request Octokit sent and the status answered, checked against GitHub's description. */
  const sent: { method: string; url: string; body: string; status: number }[] = [];
  let octokit: Octokit;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    octokit = new Octokit({
      auth: "ghs_rehearsal",
      baseUrl: emu.githubApiUrl,
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      request: {
        fetch: async (url: string, init: RequestInit) => {
          const res = await fetch(url, init);
          sent.push({
            method: init.method ?? "GET",
            url: url.slice(emu.githubApiUrl.length),
            body: typeof init.body === "string" ? init.body : "",
            status: res.status,
          });
          return res;
        },
      },
    });
  });
  afterAll(async () => {
    await emu.close();
    // What the recorder accepted, GitHub's description allows too.
    const accepted = sent.filter((r) => r.status < 300);
    expect(accepted.length).toBeGreaterThan(10);
    for (const r of accepted)
      expect(checkAgainstOpenApi(r.method, r.url, r.body), `${r.method} ${r.url}`).toMatchObject({
        ok: true,
      });
  });

  async function status(call: Promise<unknown>): Promise<number> {
    try {
      await call;
      return 200;
    } catch (error) {
      return (error as { status: number }).status;
    }
  }

  it("commit statuses: POST …/statuses/{sha}, GET …/commits/{ref}/statuses newest first, GET /_emulator/github/statuses", async () => {
    for (const [state, description] of [
      ["pending", "1/2 assets reviewed"],
      ["failure", "2 critical issues"],
    ] as const) {
      const res = await octokit.rest.repos.createCommitStatus({
        owner: "octo",
        repo: "media",
        sha: SHA,
        state,
        description,
        context: "content-review",
        target_url: "https://github.com/octo/media/pull/7",
      });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ state, description, context: "content-review" });
    }
    const list = await octokit.rest.repos.listCommitStatusesForRef({
      owner: "octo",
      repo: "media",
      ref: SHA,
    });
    expect(list.data.map((s) => s.state)).toEqual(["failure", "pending"]);
    const view = await (await fetch(`${emu.githubApiUrl}/statuses`)).json();
    expect(view).toEqual([
      expect.objectContaining({ repository: "octo/media", sha: SHA, state: "pending" }),
      expect.objectContaining({
        repository: "octo/media",
        sha: SHA,
        state: "failure",
        targetUrl: "https://github.com/octo/media/pull/7",
      }),
    ]);
  });

  it("commit statuses: 422 for a description over 140 characters or an unknown state, 401 without a token", async () => {
    expect(
      await status(
        octokit.rest.repos.createCommitStatus({
          owner: "o",
          repo: "r",
          sha: SHA,
          state: "pending",
          description: "x".repeat(141),
        }),
      ),
    ).toBe(422);
    const raw = (body: unknown, headers: Record<string, string> = { authorization: "token t" }) =>
      fetch(`${emu.githubApiUrl}/repos/o/r/statuses/${SHA}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    expect((await raw({ state: "green" })).status).toBe(422);
    expect((await raw({ state: "success" }, {})).status).toBe(401);
  });

  it("check runs: created in progress, concluded with annotations in batches of at most 50", async () => {
    const created = await octokit.rest.checks.create({
      owner: "octo",
      repo: "media",
      name: "Content Review",
      head_sha: SHA,
      status: "in_progress",
    });
    expect(created.data).toMatchObject({ status: "in_progress", conclusion: null });
    const annotation = (i: number) => ({
      path: `media/${i}.png`,
      start_line: 1,
      end_line: 1,
      annotation_level: "failure" as const,
      message: "Clinical claim",
    });
    const output = (n: number, from = 0) => ({
      title: "1 critical",
      summary: "## Content Review",
      annotations: Array.from({ length: n }, (_, i) => annotation(from + i)),
    });
    expect(
      await status(
        octokit.rest.checks.update({
          owner: "octo",
          repo: "media",
          check_run_id: created.data.id,
          output: output(51),
        }),
      ),
    ).toBe(422);
    await octokit.rest.checks.update({
      owner: "octo",
      repo: "media",
      check_run_id: created.data.id,
      status: "completed",
      conclusion: "failure",
      output: output(50),
    });
    await octokit.rest.checks.update({
      owner: "octo",
      repo: "media",
      check_run_id: created.data.id,
      output: output(3, 50),
    });
    const annotations = await octokit.paginate(octokit.rest.checks.listAnnotations, {
      owner: "octo",
      repo: "media",
      check_run_id: created.data.id,
      per_page: 20,
    });
    expect(annotations).toHaveLength(53);
    const [run] = (await (await fetch(`${emu.githubApiUrl}/check-runs`)).json()) as Record<
      string,
      unknown
    >[];
    expect(run).toMatchObject({
      name: "Content Review",
      status: "completed",
      conclusion: "failure",
    });
    expect(run!.annotations).toHaveLength(53);
    // A completed run needs its conclusion; a summary past 65,535 characters is refused.
    expect(
      await status(
        octokit.rest.checks.create({
          owner: "o",
          repo: "r",
          name: "x",
          head_sha: SHA,
          status: "completed",
        }),
      ),
    ).toBe(422);
    expect(
      await status(
        octokit.rest.checks.create({
          owner: "o",
          repo: "r",
          name: "x",
          head_sha: SHA,
          output: { title: "t", summary: "s".repeat(65_536) },
        }),
      ),
    ).toBe(422);
  });

  it("check runs of a commit: newest first, by name, the newest of each name unless filter is all", async () => {
    const head = "4e".repeat(20);
    const ids: number[] = [];
    for (const name of ["Content Review", "Other", "Content Review"]) {
      const { data } = await octokit.rest.checks.create({
        owner: "octo",
        repo: "media",
        name,
        head_sha: head,
        status: "completed",
        conclusion: "success",
        output: { title: "t", summary: "s", text: `<!-- ${name} -->` },
      });
      ids.push(data.id);
    }
    const list = async (filter?: "all" | "latest") =>
      (
        await octokit.paginate(octokit.rest.checks.listForRef, {
          owner: "octo",
          repo: "media",
          ref: head,
          check_name: "Content Review",
          per_page: 1,
          ...(filter === undefined ? {} : { filter }),
        })
      ).map((r) => [r.id, r.output.text]);
    expect(await list("all")).toEqual([
      [ids[2], "<!-- Content Review -->"],
      [ids[0], "<!-- Content Review -->"],
    ]);
    expect(await list()).toEqual([[ids[2], "<!-- Content Review -->"]]);
  });

  it("pull requests: the seeded files page by page, one review with file comments, comments updated in place", async () => {
    const files = Array.from({ length: 120 }, (_, i) => ({
      filename: `media/${i}.png`,
      status: "added",
      ...(i === 0 ? { sha: "5a".repeat(20) } : {}),
    }));
    const seeded = await fetch(`${emu.githubApiUrl}/pulls`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ repository: "octo/media", number: 7, files }),
    });
    expect(seeded.status).toBe(201);
    const listed = await octokit.paginate(octokit.rest.pulls.listFiles, {
      owner: "octo",
      repo: "media",
      pull_number: 7,
      per_page: 100,
    });
    expect(listed.map((f) => f.filename)).toEqual(files.map((f) => f.filename));
    // A blob sha only where the seed gave one: the recorder knows no content to hash.
    expect(listed.slice(0, 2).map((f) => f.sha)).toEqual(["5a".repeat(20), null]);
    expect(
      await status(octokit.rest.pulls.listFiles({ owner: "octo", repo: "media", pull_number: 8 })),
    ).toBe(404);

    const review = await octokit.rest.pulls.createReview({
      owner: "octo",
      repo: "media",
      pull_number: 7,
      commit_id: SHA,
      event: "COMMENT",
      body: "Content Review: failed",
      comments: [{ path: "media/1.png", body: "1 critical issue", subject_type: "file" } as never],
    });
    expect(review.data.state).toBe("COMMENTED");
    expect(
      await status(
        octokit.rest.pulls.createReview({
          owner: "octo",
          repo: "media",
          pull_number: 7,
          event: "COMMENT",
          body: "x",
          comments: [{ path: "elsewhere.png", body: "x", subject_type: "file" } as never],
        }),
      ),
    ).toBe(422);
    expect(
      await status(
        octokit.rest.pulls.createReview({
          owner: "octo",
          repo: "media",
          pull_number: 7,
          event: "COMMENT",
        }),
      ),
    ).toBe(422);

    const [comment] = await octokit.paginate(octokit.rest.pulls.listReviewComments, {
      owner: "octo",
      repo: "media",
      pull_number: 7,
    });
    expect(comment).toMatchObject({
      path: "media/1.png",
      body: "1 critical issue",
      pull_request_review_id: review.data.id,
    });
    await octokit.rest.pulls.updateReviewComment({
      owner: "octo",
      repo: "media",
      comment_id: comment!.id,
      body: "resolved",
    });
    // One comment through its own endpoint (the Action's fallback when a review is refused).
    const single = await octokit.rest.pulls.createReviewComment({
      owner: "octo",
      repo: "media",
      pull_number: 7,
      commit_id: SHA,
      path: "media/2.png",
      body: "1 major issue",
      subject_type: "file",
    });
    expect(single.status).toBe(201);
    expect(single.data).toMatchObject({ path: "media/2.png", user: { type: "Bot" } });
    expect(
      await status(
        octokit.rest.pulls.createReviewComment({
          owner: "octo",
          repo: "media",
          pull_number: 7,
          commit_id: SHA,
          path: "elsewhere.png",
          body: "x",
          subject_type: "file",
        }),
      ),
    ).toBe(422);
    const [shown] = (await (await fetch(`${emu.githubApiUrl}/reviews`)).json()) as {
      event: string;
      comments: { body: string; updates: number }[];
    }[];
    expect(shown).toMatchObject({ event: "COMMENT", comments: [{ body: "resolved", updates: 1 }] });
  });
});
