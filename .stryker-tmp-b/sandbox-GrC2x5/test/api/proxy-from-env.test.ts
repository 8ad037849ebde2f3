// @ts-nocheck
import http from "node:http";
import https from "node:https";
import { describe, expect, it } from "vitest";
import { agentFor, proxyFromEnv } from "../../src/api/index.ts";

describe("proxyFromEnv", () => {
  it.each([
    ["nothing is set", {}],
    ["only NO_PROXY is set", { NO_PROXY: "localhost" }],
    ["the proxies are blank", { HTTPS_PROXY: " ", http_proxy: "" }],
  ])("proxyFromEnv goes direct when %s", (_name, env) => {
    expect(proxyFromEnv(env)).toBeUndefined();
    expect(agentFor(proxyFromEnv(env), new URL("https://example.com"))).toBeUndefined();
  });

  it("proxyFromEnv describes the settings without their credentials", () => {
    const routes = proxyFromEnv({
      HTTPS_PROXY: "http://user:secret@proxy.internal:3128",
      NO_PROXY: ".internal,localhost",
    });
    expect(routes?.description).toBe(
      "HTTPS_PROXY http://proxy.internal:3128, NO_PROXY .internal,localhost",
    );
    expect(routes?.description).not.toContain("secret");
  });

  it("proxyFromEnv prefers the lowercase variables, as curl and @actions/http-client do", () => {
    const routes = proxyFromEnv({
      HTTP_PROXY: "http://upper:8080",
      http_proxy: "http://lower:8080",
    });
    expect(routes?.description).toBe("HTTP_PROXY http://lower:8080");
  });

  it("proxyFromEnv gives uploads the agent of their URL's scheme", () => {
    const routes = proxyFromEnv({ HTTPS_PROXY: "http://proxy:3128" });
    expect(agentFor(routes, new URL("https://storage.example.com/x"))).toBeInstanceOf(https.Agent);
    const plain = agentFor(routes, new URL("http://storage.example.com/x"));
    expect(plain).toBeInstanceOf(http.Agent);
    expect(plain).not.toBeInstanceOf(https.Agent);
  });
});
