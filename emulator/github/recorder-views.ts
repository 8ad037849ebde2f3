import type { GithubState } from "./github-state.ts";

/**
 * What the emulator shows of its recording GitHub (`GET /_emulator/github/statuses`,
 * `/check-runs`, `/reviews`, `/apps`), in the shapes docs/emulator.md documents.
 */
export function recorderViews(github: GithubState) {
  return {
    /** Registered Apps, their installations and how many tokens each was given. */
    apps: () =>
      [...github.apps.values()].map((app) => ({
        appId: app.appId,
        installations: [...github.installations.values()]
          .filter((i) => i.appId === app.appId)
          .map((i) => ({ id: i.id, account: i.account, tokensIssued: i.tokensIssued })),
      })),
    statuses: () =>
      github.statuses.map((s) => ({
        id: s.id,
        repository: s.repository,
        sha: s.sha,
        state: s.state,
        description: s.description ?? null,
        context: s.context ?? "default",
        targetUrl: s.target_url ?? null,
        createdAt: s.created_at,
      })),
    checkRuns: () =>
      github.checkRuns.map((r) => ({
        id: r.id,
        repository: r.repository,
        name: r.name,
        headSha: r.head_sha,
        status: r.status,
        conclusion: r.conclusion,
        startedAt: r.started_at,
        completedAt: r.completed_at,
        detailsUrl: r.details_url,
        output:
          r.output === null
            ? null
            : { title: r.output.title, summary: r.output.summary, text: r.output.text ?? null },
        annotations: r.annotations,
        app: r.app,
        createdAt: r.created_at,
      })),
    /** Reviews with their comments; a comment posted on its own shows as a review of its own. */
    reviews: () => {
      const comment = (c: (typeof github.reviewComments)[number]) => ({
        id: c.id,
        path: c.path,
        body: c.body,
        subjectType: c.subject_type ?? "line",
        line: c.line ?? null,
        commitId: c.commit_id ?? null,
        user: c.user.login,
        updates: c.updates,
        /** Whether the thread this comment started is resolved. */
        resolved: github.resolvedThreads.has(c.id),
      });
      const reviews = github.reviews.map((r) => ({
        id: r.id,
        repository: r.repository,
        pullNumber: r.pull_number,
        event: r.event ?? "PENDING",
        body: r.body ?? "",
        commitId: r.commit_id ?? null,
        submittedAt: r.submitted_at,
        comments: github.reviewComments.filter((c) => c.review_id === r.id).map(comment),
      }));
      const singles = github.reviewComments
        .filter((c) => c.review_id === null)
        .map((c) => ({
          id: c.id,
          repository: c.repository,
          pullNumber: c.pull_number,
          event: "COMMENT",
          body: "",
          commitId: c.commit_id ?? null,
          submittedAt: c.created_at,
          comments: [comment(c)],
        }));
      return [...reviews, ...singles].sort((a, b) => a.id - b.id);
    },
  };
}
