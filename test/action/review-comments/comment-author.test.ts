import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import {
  commentAuthor,
  findBotUser,
  isCommentAuthor,
} from "../../../src/action/review-comments/comment-author.ts";
import { API, testGithub } from "../github-nock.ts";

afterEach(() => {
  nock.cleanAll();
});

/** The Actions bot as github.com knows it, and as a GitHub Enterprise Server might. */
const ACTIONS = { login: "github-actions[bot]", id: 41898282 };
const GHES_ACTIONS = { login: "github-actions[bot]", id: 3 };
const APP = { login: "acme-review[bot]", id: 9001 };

describe("commentAuthor, findBotUser and isCommentAuthor", () => {
  it("commentAuthor names the bot user of the check run's App, by login only", () => {
    expect(commentAuthor({ slug: "github-actions" })).toEqual({ login: "github-actions[bot]" });
    expect(commentAuthor({ slug: "acme-review" })).toEqual({ login: "acme-review[bot]" });
    expect(commentAuthor(undefined)).toBeUndefined();
    expect(commentAuthor({ slug: null })).toBeUndefined();
  });

  it.each([
    ["github.com's id", 41898282, "github-actions[bot]", ACTIONS],
    ["a GitHub Enterprise Server's id", 3, "github-actions[bot]", GHES_ACTIONS],
    [
      "the server's spelling of the login",
      3,
      "GitHub-Actions[bot]",
      { login: "GitHub-Actions[bot]", id: 3 },
    ],
  ])("findBotUser takes %s from the server the Action talks to", async (_, id, login, bot) => {
    nock(API).get("/users/github-actions%5Bbot%5D").reply(200, { login, id, type: "Bot" });
    expect(await findBotUser(testGithub(), { login: "github-actions[bot]" })).toEqual(bot);
  });

  it("findBotUser takes the login as the server spells it, whatever the case asked", async () => {
    nock(API)
      .get("/users/GitHub-Actions%5Bbot%5D")
      .reply(200, { login: "github-actions[bot]", id: 3, type: "Bot" });
    expect(await findBotUser(testGithub(), { login: "GitHub-Actions[bot]" })).toEqual(GHES_ACTIONS);
  });

  it.each([
    ["a user account", { login: "github-actions[bot]", id: 5, type: "User" }],
    ["another login", { login: "someone-else[bot]", id: 5, type: "Bot" }],
  ])("findBotUser refuses %s under the login", async (_, user) => {
    nock(API).get("/users/github-actions%5Bbot%5D").reply(200, user);
    expect(await findBotUser(testGithub(), { login: "github-actions[bot]" })).toBeUndefined();
  });

  it.each([
    ["the Actions bot", { login: "github-actions[bot]", id: 41898282, type: "Bot" }, ACTIONS, true],
    [
      "the Actions bot of a GHES",
      { login: "github-actions[bot]", id: 3, type: "Bot" },
      GHES_ACTIONS,
      true,
    ],
    [
      "github.com's Actions id on a GHES",
      { login: "github-actions[bot]", id: 41898282, type: "Bot" },
      GHES_ACTIONS,
      false,
    ],
    ["another App's bot", { login: "helper-bot[bot]", id: 7001, type: "Bot" }, ACTIONS, false],
    [
      "another login with the bot's id",
      { login: "helper-bot[bot]", id: 41898282, type: "Bot" },
      ACTIONS,
      false,
    ],
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
  ])("isCommentAuthor: %s", (_who, user, bot, ours) => {
    expect(isCommentAuthor(user, bot)).toBe(ours);
  });
});
