import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type GithubStandIn,
  type GithubStandInOptions,
  startGithubStandIn,
} from "../../../emulator/github/index.ts";
import {
  createLogger,
  type RelayConfig,
  type RelayHandle,
  resolveRelayConfig,
  type StartRelayOverrides,
  startRelay,
} from "../../../relay/index.ts";
import { type FakeSlack, type FakeSlackOptions, startFakeSlack } from "../../fakes/fake-slack.ts";
import { registerTeardown } from "../../helpers/register-teardown.ts";
import { TEST_POSTGRES_URL, testSchema } from "./postgres.ts";
import {
  githubTestEnv,
  type RelayEnvOverrides,
  relayTestEnv,
  slackTestEnv,
} from "./relay-test-env.ts";

/** The token the tests' fake Slack accepts. */
export const TEST_SLACK_TOKEN = "xoxb-test-relay";
/** The token the tests' GitHub stand-in accepts. */
export const TEST_GITHUB_TOKEN = "ghs_testrelaytokentestrelaytoken0001";

/** A fake Slack that stops when the test (or, from `beforeAll`, the file) that started it ends. */
export async function startTestSlack(options: Partial<FakeSlackOptions> = {}): Promise<FakeSlack> {
  const slack = await startFakeSlack({ token: TEST_SLACK_TOKEN, ...options });
  registerTeardown(() => slack.close());
  return slack;
}

/** A GitHub stand-in that stops when the test (or file) that started it ends. */
export async function startTestGithub(
  options: Partial<GithubStandInOptions> = {},
): Promise<GithubStandIn> {
  const github = await startGithubStandIn({ token: TEST_GITHUB_TOKEN, ...options });
  registerTeardown(() => github.close());
  return github;
}

/** A SQLite journal file in a folder of its own, in the run's private TMPDIR (removed with it). */
export async function sqliteTestStore(name = "relay.db"): Promise<string> {
  return `sqlite:${join(await mkdtemp(join(tmpdir(), "relay-test-")), name)}`;
}

/** Options of {@link startTestRelay}. */
export interface TestRelayOptions {
  /**
   * The journal: a SQLite file of its own (default), SQLite in memory, a Postgres schema of its
   * own (dropped with the relay), or a `STORE_URL` as given.
   * @default "sqlite"
   */
  readonly store?: "sqlite" | "memory" | "postgres" | { readonly url: string };
  /** Relay to this fake Slack (`true`: start one); its settings come from {@link slackTestEnv}. */
  readonly slack?: FakeSlack | true;
  /** Set statuses on this stand-in (`true`: start one). */
  readonly github?: GithubStandIn | true;
  /** Further settings, over the base and the destinations' (`undefined` removes one). */
  readonly env?: RelayEnvOverrides;
  /** Passed to `startRelay`. @default a silent logger */
  readonly overrides?: StartRelayOverrides;
}

/** A started test relay and what it relays to. */
export interface TestRelay {
  readonly relay: RelayHandle;
  readonly url: string;
  readonly config: RelayConfig;
  readonly env: Readonly<Record<string, string>>;
  /** The fake Slack, when it relays to one. */
  readonly slack: FakeSlack | undefined;
  /** The GitHub stand-in, when it relays to one. */
  readonly github: GithubStandIn | undefined;
}

/**
 * Starts a relay in this process as the tests need it, and stops it (then what it started for
 * itself) when the test that started it ends, or after the file's `afterAll` when started in
 * `beforeAll`.
 */
export async function startTestRelay(options: TestRelayOptions = {}): Promise<TestRelay> {
  const slack = options.slack === true ? await startTestSlack() : options.slack;
  const github = options.github === true ? await startTestGithub() : options.github;
  const env = relayTestEnv(
    await storeEnv(options.store ?? "sqlite"),
    slack === undefined ? {} : slackTestEnv(slack, TEST_SLACK_TOKEN),
    github === undefined ? {} : githubTestEnv(github, TEST_GITHUB_TOKEN),
    options.env ?? {},
  );
  const config = resolveRelayConfig(env);
  const relay = await startRelay(config, { logger: createLogger("silent"), ...options.overrides });
  registerTeardown(() => relay.close());
  return { relay, url: relay.url, config, env, slack, github };
}

async function storeEnv(store: NonNullable<TestRelayOptions["store"]>) {
  if (store === "memory") return { STORE_URL: "sqlite::memory:" };
  if (store === "sqlite") return { STORE_URL: await sqliteTestStore() };
  if (store === "postgres")
    return { STORE_URL: TEST_POSTGRES_URL, STORE_SCHEMA: testSchema("relay_test") };
  return { STORE_URL: store.url };
}
