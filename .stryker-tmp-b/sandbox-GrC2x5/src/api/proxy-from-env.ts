// @ts-nocheck
import http from "node:http";
import https from "node:https";
import { EnvHttpProxyAgent, fetch as undiciFetch } from "undici";

/** The variables read, lowercase first (as curl, `@actions/http-client` and Node read them). */
export const PROXY_VARIABLES = Object.freeze({
  https: ["https_proxy", "HTTPS_PROXY"],
  http: ["http_proxy", "HTTP_PROXY"],
  none: ["no_proxy", "NO_PROXY"],
} as const);

/** Proxy variables as found in the environment. */
export type ProxyEnv = Readonly<Record<string, string | undefined>>;

/** Where requests go when proxy variables are set: one route for every client of the process. */
export interface ProxyRoutes {
  /** `fetch` through the proxies, for the service API and GitHub (Octokit). */
  readonly fetch: typeof globalThis.fetch;
  /** Agents for `node:http`/`node:https` requests: the uploads to storage. */
  readonly agents: { readonly http: http.Agent; readonly https: https.Agent };
  /** The settings in use, credentials removed, for one log line. */
  readonly description: string;
}

function pick(env: ProxyEnv, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

function withoutCredentials(url: string): string {
  if (!URL.canParse(url)) return "(unparsable URL)";
  const parsed = new URL(url);
  parsed.username = "";
  parsed.password = "";
  return parsed.origin;
}

/**
 * Proxy routes from `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` (and their lowercase forms,
 * which win), as `@actions/http-client` honours them for other Actions; undefined when no proxy
 * is set, so that requests go direct. `https://` addresses use `HTTPS_PROXY`, or `HTTP_PROXY`
 * when only that is set (as undici does). `fetch` goes through undici's `EnvHttpProxyAgent`
 * (CONNECT tunnels); uploads through Node's own proxy support in `http.Agent` (`proxyEnv`,
 * Node 24.5 and later). `NO_PROXY` takes host names, domain suffixes (`.example.com`),
 * `host:port`, IP addresses and `*`.
 */
export function proxyFromEnv(env: ProxyEnv): ProxyRoutes | undefined {
  const httpsProxy = pick(env, PROXY_VARIABLES.https);
  const httpProxy = pick(env, PROXY_VARIABLES.http);
  if (httpsProxy === undefined && httpProxy === undefined) return undefined;
  const noProxy = pick(env, PROXY_VARIABLES.none) ?? "";
  // Given explicitly, so that nothing is read behind the caller's back from process.env.
  const dispatcher = new EnvHttpProxyAgent({
    httpProxy: httpProxy ?? "",
    httpsProxy: httpsProxy ?? httpProxy ?? "",
    noProxy,
  });
  const proxyEnv = {
    HTTP_PROXY: httpProxy,
    HTTPS_PROXY: httpsProxy ?? httpProxy,
    NO_PROXY: noProxy,
  };
  const shown = [
    httpsProxy === undefined ? null : `HTTPS_PROXY ${withoutCredentials(httpsProxy)}`,
    httpProxy === undefined ? null : `HTTP_PROXY ${withoutCredentials(httpProxy)}`,
    noProxy === "" ? null : `NO_PROXY ${noProxy}`,
  ].filter((part) => part !== null);
  return Object.freeze({
    fetch: ((input, init) =>
      undiciFetch(input as never, { ...(init as object), dispatcher })) as typeof globalThis.fetch,
    agents: Object.freeze({
      http: new http.Agent({ proxyEnv }),
      https: new https.Agent({ proxyEnv }),
    }),
    description: shown.join(", "),
  });
}

/** The agent for a `node:http(s)` request to `url`: through the proxy routes, if any. */
export function agentFor(routes: ProxyRoutes | undefined, url: URL): http.Agent | undefined {
  if (routes === undefined) return undefined;
  return url.protocol === "https:" ? routes.agents.https : routes.agents.http;
}
