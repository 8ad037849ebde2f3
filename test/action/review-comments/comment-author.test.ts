import { describe, expect, it } from "vitest";
import {
  commentAuthor,
  isCommentAuthor,
} from "../../../src/action/review-comments/comment-author.ts";

const ACTIONS = commentAuthor({ slug: "github-actions" });
const APP = commentAuthor({ slug: "acme-review" });

describe("commentAuthor and isCommentAuthor", () => {
  it("commentAuthor names the bot user of the check run's App, with the Actions bot's fixed id", () => {
    expect(ACTIONS).toEqual({ login: "github-actions[bot]", id: 41898282 });
    expect(APP).toEqual({ login: "acme-review[bot]", id: undefined });
    expect(commentAuthor(undefined)).toBeUndefined();
    expect(commentAuthor({ slug: null })).toBeUndefined();
  });

  it.each([
    ["the Actions bot", { login: "github-actions[bot]", id: 41898282, type: "Bot" }, ACTIONS, true],
    ["another App's bot", { login: "helper-bot[bot]", id: 7001, type: "Bot" }, ACTIONS, false],
    [
      "the Actions login with another id",
      { login: "github-actions[bot]", id: 7002, type: "Bot" },
      ACTIONS,
      false,
    ],
    ["a person", { login: "octocat", id: 583231, type: "User" }, ACTIONS, false],
    ["the App's bot", { login: "acme-review[bot]", id: 9001, type: "Bot" }, APP, true],
    [
      "a user account with the App's login",
      { login: "acme-review[bot]", id: 9001, type: "User" },
      APP,
      false,
    ],
    [
      "anyone, the Action's account unknown",
      { login: "github-actions[bot]", id: 41898282, type: "Bot" },
      undefined,
      false,
    ],
  ])("isCommentAuthor: %s", (_who, user, author, ours) => {
    expect(isCommentAuthor(user, author)).toBe(ours);
  });
});
